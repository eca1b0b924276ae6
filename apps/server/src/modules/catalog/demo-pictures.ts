/**
 * The demo options' pictures (DESIGN §2: drawn by the project, nothing downloaded): the short title that names
 * them, and for each picture its scene and the caption and alt text that say what it shows. A picture is fixed
 * by its address alone (`/images/OP0001-2.svg` is always the second scene here), so its text and its drawing
 * always agree; the seed writes these captions and alt texts into `option_images`. Each was checked by
 * rendering the picture and looking at it.
 */
import type { ImageTheme } from './images.ts';

export interface DemoPictureSpec {
  theme: ImageTheme;
  /** A short caption shown under the picture. */
  caption: string;
  /** What the picture shows, for those who cannot see it. */
  alt: string;
}

export interface DemoPicture {
  /** The pictures' accessible name (a short form of the option's name); nothing is written on the pictures. */
  title: string;
  pictures: DemoPictureSpec[];
}

/**
 * Every scene the demo pictures show, described once: images.ts draws a picture from its theme and its place in the
 * option's list (the time of day), so options sharing a scene share its caption and alt text.
 */
const SCENES = {
  cityDay: {
    theme: 'city',
    caption: '青空の下の高層ビル街と電波塔',
    alt: 'イラスト：晴れた青空の下、水辺に並ぶ高層ビル群と、先のとがった高い電波塔。',
  },
  templeSunset: {
    theme: 'temple',
    caption: '夕焼けの鳥居と五重塔',
    alt: 'イラスト：夕日の沈むピンク色の空を背に、赤い鳥居と五重塔が影になって立つ。',
  },
  cityMorning: {
    theme: 'city',
    caption: '朝の淡い空と高層ビル街',
    alt: 'イラスト：淡い水色の朝の空の下、水辺に並ぶ高層ビル群と高い電波塔。',
  },
  cityDusk: {
    theme: 'city',
    caption: '日暮れのビル街と窓の明かり',
    alt: 'イラスト：星が出始めた藍色の空の下、窓に明かりがともる高層ビル群と、先端に赤いランプが光る電波塔。',
  },
  lakeNight: {
    theme: 'lake',
    caption: '月夜の雪山と湖',
    alt: 'イラスト：三日月と星が出た夜空の下、山頂に雪をかぶった円すい形の山と暗い湖。',
  },
  seaDay: {
    theme: 'sea',
    caption: '青い海に浮かぶ島影と砂浜',
    alt: 'イラスト：晴れた青空の下、穏やかな青い海と遠くの島影。手前に砂浜が広がる。',
  },
  citySunset: {
    theme: 'city',
    caption: '夕焼けに染まる高層ビル街',
    alt: 'イラスト：夕日が沈むピンク色の空を背に、高層ビル群と電波塔が並び、手前に水面が広がる。',
  },
  foodMorning: {
    theme: 'food',
    caption: '朝の空と湯気の立つどんぶり',
    alt: 'イラスト：木のカウンターに湯気の立つ赤いどんぶりと箸。上に赤いちょうちんが二つ下がり、奥は淡い朝の空。',
  },
  nightDusk: {
    theme: 'night',
    caption: '夕闇のビル街と水面に映る明かり',
    alt: 'イラスト：夕暮れの名残がある藍色の空の下、窓に明かりがともる高層ビル群と電波塔、その明かりが映る水面。',
  },
  forestSunset: {
    theme: 'forest',
    caption: '夕焼けの森と渓流',
    alt: 'イラスト：夕焼けのピンク色の空の下、影になった針葉樹の森のあいだを渓流が流れている。',
  },
  nightNight: {
    theme: 'night',
    caption: '月夜のビル街と水面に映る明かり',
    alt: 'イラスト：三日月と星が出た夜空の下、窓に明かりがともる高層ビル群と赤いランプの電波塔、その明かりが映る水面。',
  },
  snowDay: {
    theme: 'snow',
    caption: '晴れた日の雪山と雪をかぶった木々',
    alt: 'イラスト：青空の下、山頂に雪をかぶった円すい形の山と、雪原に並ぶ雪をかぶった針葉樹。雪が舞っている。',
  },
  snowMorning: {
    theme: 'snow',
    caption: '朝の雪山と雪原の木々',
    alt: 'イラスト：淡い朝の空の下、山頂に雪をかぶった円すい形の山と、雪原に並ぶ雪をかぶった針葉樹。雪が舞っている。',
  },
  mountainDusk: {
    theme: 'mountain',
    caption: '日暮れの雪山',
    alt: 'イラスト：星が出始めた藍色の空の下、山頂に雪をかぶった円すい形の山と、影になった山並みと木々。',
  },
  templeDay: {
    theme: 'temple',
    caption: '青空の下の鳥居と五重塔',
    alt: 'イラスト：青空の下、緑の丘に立つ赤い鳥居と五重塔。奥に山並みが続く。',
  },
  templeDusk: {
    theme: 'temple',
    caption: '日暮れの鳥居と五重塔',
    alt: 'イラスト：星が出始めた藍色の空の下、赤い鳥居と五重塔が影になって立つ。',
  },
  mountainMorning: {
    theme: 'mountain',
    caption: '朝の雪山と緑の丘',
    alt: 'イラスト：淡い朝の空の下、山頂に雪をかぶった円すい形の山と連なる山並み。手前に緑の丘と針葉樹。',
  },
  seaSunset: {
    theme: 'sea',
    caption: '夕日が沈む海と島影',
    alt: 'イラスト：ピンク色の夕焼け空に夕日が沈み、島影と海面が夕日の色に染まる。手前に砂浜。',
  },
  seaMorning: {
    theme: 'sea',
    caption: '朝の穏やかな海と砂浜',
    alt: 'イラスト：淡い朝の空の下、穏やかな海と遠くの島影。手前に砂浜が広がる。',
  },
  onsenDay: {
    theme: 'onsen',
    caption: '山あいの露天風呂と湯けむり',
    alt: 'イラスト：青空の下、山と木々に囲まれ、岩で縁取られた露天風呂から湯けむりが立ちのぼる。',
  },
  foodDay: {
    theme: 'food',
    caption: '湯気の立つどんぶりと赤ちょうちん',
    alt: 'イラスト：木のカウンターに湯気の立つ赤いどんぶりと箸。上に赤いちょうちんが二つ下がり、奥は青空。',
  },
  lakeDay: {
    theme: 'lake',
    caption: '雪山を望む青い湖',
    alt: 'イラスト：青空の下、山頂に雪をかぶった円すい形の山と、その手前に広がる青い湖。岸辺に針葉樹。',
  },
  mountainDay: {
    theme: 'mountain',
    caption: '雪をかぶった山と緑の丘',
    alt: 'イラスト：青空の下、山頂に雪をかぶった円すい形の山と連なる山並み。手前に緑の丘と針葉樹。',
  },
  lakeSunset: {
    theme: 'lake',
    caption: '夕焼けの山と湖',
    alt: 'イラスト：夕焼けのピンク色の空の下、円すい形の山と、夕日の色に染まる湖。岸辺に針葉樹の影。',
  },
  flowerSunset: {
    theme: 'flower',
    caption: '夕焼けの山と花畑',
    alt: 'イラスト：夕焼け空の下、山のふもとの緑の丘に、紫・黄・ピンクの花が帯のように広がる花畑。',
  },
  forestDay: {
    theme: 'forest',
    caption: '針葉樹の森を流れる渓流',
    alt: 'イラスト：青空の下、針葉樹の森のあいだを青い渓流が手前へ流れている。',
  },
  foodSunset: {
    theme: 'food',
    caption: '夕焼け空と湯気の立つどんぶり',
    alt: 'イラスト：木のカウンターに湯気の立つ赤いどんぶりと箸。上に赤いちょうちんが二つ下がり、奥は夕焼け空。',
  },
  flowerDay: {
    theme: 'flower',
    caption: '山のふもとに広がる花畑',
    alt: 'イラスト：青空の下、山のふもとの緑の丘に、紫・黄・ピンクの花が帯のように広がる花畑。',
  },
  forestMorning: {
    theme: 'forest',
    caption: '朝の森と渓流',
    alt: 'イラスト：淡い朝の空の下、針葉樹の森のあいだを渓流が手前へ流れている。',
  },
  templeMorning: {
    theme: 'temple',
    caption: '朝の鳥居と五重塔',
    alt: 'イラスト：淡い朝の空の下、緑の丘に立つ赤い鳥居と五重塔。奥に山並みが続く。',
  },
  castleDay: {
    theme: 'castle',
    caption: '白い天守閣と桜',
    alt: 'イラスト：青空の下、石垣の上にそびえる白壁の天守閣と、ふもとに咲くピンクの桜。',
  },
  villageDay: {
    theme: 'village',
    caption: '雪山のふもとの合掌造りの家々',
    alt: 'イラスト：青空の下、雪をかぶった山のふもとの緑の野に、窓に明かりのともるかやぶき屋根の合掌造りの家が並ぶ。',
  },
  villageMorning: {
    theme: 'village',
    caption: '雪に覆われた合掌造りの集落',
    alt: 'イラスト：淡い朝の空の下、雪をかぶった山のふもとに、屋根まで雪の積もった合掌造りの家が並ぶ。',
  },
  onsenSunset: {
    theme: 'onsen',
    caption: '夕焼けの山と露天風呂の湯けむり',
    alt: 'イラスト：夕焼けのピンク色の空の下、山と木々に囲まれ、岩で縁取られた露天風呂から湯けむりが立ちのぼる。',
  },
  mountainSunset: {
    theme: 'mountain',
    caption: '夕焼けの雪山と山並み',
    alt: 'イラスト：夕焼けのピンク色の空の下、山頂に雪をかぶった円すい形の山と、影になった山並みと木々。',
  },
} as const satisfies Record<string, DemoPictureSpec>;

export const DEMO_PICTURES: Readonly<Record<string, DemoPicture>> = {
  OP0001: {
    title: '東京 日帰りバスツアー',
    pictures: [
      SCENES.cityDay,
      SCENES.templeSunset,
      SCENES.cityMorning,
      SCENES.cityDusk,
      SCENES.cityDay,
      SCENES.lakeNight,
      SCENES.seaDay,
      SCENES.citySunset,
      SCENES.foodMorning,
      SCENES.cityDusk,
      SCENES.nightDusk,
      SCENES.forestSunset,
      SCENES.cityDay,
    ],
  },
  OP0002: {
    title: '屋形船 夜景クルーズ',
    pictures: [SCENES.nightNight, SCENES.nightDusk, SCENES.foodMorning, SCENES.nightNight],
  },
  OP0003: {
    title: 'ニセコ フルセットレンタル',
    pictures: [SCENES.snowDay, SCENES.snowMorning, SCENES.snowDay, SCENES.mountainDusk],
  },
  OP0004: { title: 'ニセコ ウェアレンタル', pictures: [SCENES.snowDay, SCENES.snowMorning, SCENES.snowDay] },
  OP0005: { title: '白馬 ブーツレンタル', pictures: [SCENES.snowDay, SCENES.snowMorning, SCENES.snowDay] },
  OP0006: { title: '蔵王 ウェア＆ブーツ', pictures: [SCENES.snowDay, SCENES.snowMorning, SCENES.snowDay] },
  OP0007: {
    title: '京都 坐禅と精進料理',
    pictures: [SCENES.templeDay, SCENES.templeSunset, SCENES.foodMorning, SCENES.templeDusk],
  },
  OP0008: { title: '新幹線 のぞみ 指定席', pictures: [SCENES.cityDay, SCENES.citySunset, SCENES.mountainMorning] },
  OP0009: { title: '大阪周遊パス', pictures: [SCENES.cityDay, SCENES.nightDusk, SCENES.cityMorning] },
  OP0010: { title: '美ら海水族館', pictures: [SCENES.seaDay, SCENES.seaSunset, SCENES.seaMorning] },
  OP0011: { title: '箱根 日帰り温泉', pictures: [SCENES.onsenDay] },
  OP0012: { title: '箱根 ランチクーポン', pictures: [SCENES.foodDay] },
  OP0013: { title: '芦ノ湖 遊覧船', pictures: [SCENES.lakeDay] },
  OP0014: {
    title: '富士山五合目と河口湖',
    pictures: [SCENES.mountainDay, SCENES.lakeSunset, SCENES.foodMorning, SCENES.flowerSunset],
  },
  OP0015: { title: '鎌倉 人力車 ペアプラン', pictures: [SCENES.templeDay, SCENES.templeSunset, SCENES.forestDay] },
  OP0016: { title: '築地 食べ歩きツアー', pictures: [SCENES.foodDay, SCENES.foodSunset, SCENES.foodMorning] },
  OP0017: { title: '札幌 ジンギスカン', pictures: [SCENES.nightNight, SCENES.foodSunset, SCENES.nightNight] },
  OP0018: { title: '小樽運河クルーズ', pictures: [SCENES.lakeDay, SCENES.lakeSunset] },
  OP0019: { title: '富良野 ラベンダー畑', pictures: [SCENES.flowerDay, SCENES.lakeSunset, SCENES.flowerDay] },
  OP0020: { title: '旭山動物園', pictures: [SCENES.forestDay, SCENES.forestMorning] },
  OP0021: { title: 'ルスツ スキーレッスン', pictures: [SCENES.snowDay, SCENES.snowMorning] },
  OP0022: { title: '松島湾 遊覧と牡蠣', pictures: [SCENES.seaDay, SCENES.foodSunset, SCENES.seaMorning] },
  OP0023: { title: '仙台 食べ歩き', pictures: [SCENES.foodDay, SCENES.foodSunset] },
  OP0024: { title: '奥入瀬渓流ウォーク', pictures: [SCENES.forestDay, SCENES.forestMorning, SCENES.forestDay] },
  OP0025: { title: '蔵王 樹氷ナイト', pictures: [SCENES.snowDay, SCENES.snowMorning] },
  OP0026: { title: '日光東照宮と華厳の滝', pictures: [SCENES.templeDay, SCENES.forestMorning, SCENES.templeMorning] },
  OP0027: { title: '箱根 大涌谷と芦ノ湖', pictures: [SCENES.lakeDay, SCENES.lakeSunset, SCENES.mountainMorning] },
  OP0028: { title: '浅草 着物レンタル', pictures: [SCENES.templeDay, SCENES.templeSunset] },
  OP0029: { title: '江戸切子 体験', pictures: [SCENES.nightNight, SCENES.nightDusk] },
  OP0030: { title: '横浜 中華街と夜景', pictures: [SCENES.nightNight, SCENES.templeSunset, SCENES.nightNight] },
  OP0031: { title: '名古屋城と熱田神宮', pictures: [SCENES.castleDay, SCENES.forestMorning] },
  OP0032: { title: '白馬八方尾根 リフト券', pictures: [SCENES.snowDay, SCENES.snowMorning] },
  OP0033: { title: '善光寺 朝のお勤め', pictures: [SCENES.templeDay, SCENES.foodSunset] },
  OP0034: { title: '白川郷と金沢', pictures: [SCENES.villageDay, SCENES.snowMorning, SCENES.villageMorning] },
  OP0035: { title: '金沢 近江町と兼六園', pictures: [SCENES.foodDay, SCENES.foodSunset] },
  OP0036: { title: '伏見稲荷と清水寺', pictures: [SCENES.templeDay, SCENES.templeSunset, SCENES.templeMorning] },
  OP0037: { title: '嵐山と保津川下り', pictures: [SCENES.forestDay, SCENES.forestMorning, SCENES.forestDay] },
  OP0038: { title: '京都 抹茶と和菓子', pictures: [SCENES.templeDay, SCENES.templeSunset] },
  OP0039: { title: '道頓堀 たこ焼き体験', pictures: [SCENES.foodDay, SCENES.foodSunset] },
  OP0040: { title: '奈良公園と東大寺', pictures: [SCENES.templeDay, SCENES.templeSunset] },
  OP0041: { title: '姫路城と有馬温泉', pictures: [SCENES.castleDay, SCENES.onsenSunset, SCENES.foodMorning] },
  OP0042: { title: '宮島と平和記念公園', pictures: [SCENES.seaDay, SCENES.seaSunset, SCENES.foodMorning] },
  OP0043: { title: '博多 屋台ナイト', pictures: [SCENES.nightNight, SCENES.foodSunset] },
  OP0044: { title: '阿蘇 草千里と大観峰', pictures: [SCENES.mountainDay, SCENES.mountainSunset] },
  OP0045: { title: '石垣島 シュノーケリング', pictures: [SCENES.seaDay, SCENES.seaSunset, SCENES.seaMorning] },
  OP0046: { title: '隅田川 水上バス', pictures: [SCENES.lakeDay, SCENES.seaSunset, SCENES.foodMorning] },
  OP0047: { title: '高尾山 ハイキング', pictures: [SCENES.mountainDay, SCENES.mountainSunset, SCENES.mountainMorning] },
  OP0048: { title: '鎌倉大仏と江ノ電', pictures: [SCENES.templeDay, SCENES.seaSunset, SCENES.foodMorning] },
};
