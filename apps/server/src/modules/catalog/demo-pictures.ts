/**
 * How the demo options' pictures are drawn (DESIGN §2): the short title written on them and the scene of the
 * first one; the captions (and so the later scenes) come from the option's image list. Codes not here (options
 * staff add) are drawn from their name and a theme fixed by the code.
 */
import type { ImageTheme } from './images.ts';

export interface DemoPicture {
  /** The large caption: a short form of the option's name. */
  title: string;
  theme: ImageTheme;
}

export const DEMO_PICTURES: Readonly<Record<string, DemoPicture>> = {
  OP0001: { title: '東京 日帰りバスツアー', theme: 'city' },
  OP0002: { title: '屋形船 夜景クルーズ', theme: 'night' },
  OP0003: { title: 'ニセコ フルセットレンタル', theme: 'snow' },
  OP0004: { title: 'ニセコ ウェアレンタル', theme: 'snow' },
  OP0005: { title: '白馬 ブーツレンタル', theme: 'snow' },
  OP0006: { title: '蔵王 ウェア＆ブーツ', theme: 'snow' },
  OP0007: { title: '京都 坐禅と精進料理', theme: 'temple' },
  OP0008: { title: '新幹線 のぞみ 指定席', theme: 'city' },
  OP0009: { title: '大阪周遊パス', theme: 'city' },
  OP0010: { title: '美ら海水族館', theme: 'sea' },
  OP0011: { title: '箱根 日帰り温泉', theme: 'onsen' },
  OP0012: { title: '箱根 ランチクーポン', theme: 'food' },
  OP0013: { title: '芦ノ湖 遊覧船', theme: 'lake' },
  OP0014: { title: '富士山五合目と河口湖', theme: 'mountain' },
  OP0015: { title: '鎌倉 人力車 ペアプラン', theme: 'temple' },
  OP0016: { title: '築地 食べ歩きツアー', theme: 'food' },
  OP0017: { title: '札幌 ジンギスカン', theme: 'night' },
  OP0018: { title: '小樽運河クルーズ', theme: 'lake' },
  OP0019: { title: '富良野 ラベンダー畑', theme: 'flower' },
  OP0020: { title: '旭山動物園', theme: 'forest' },
  OP0021: { title: 'ルスツ スキーレッスン', theme: 'snow' },
  OP0022: { title: '松島湾 遊覧と牡蠣', theme: 'sea' },
  OP0023: { title: '仙台 食べ歩き', theme: 'food' },
  OP0024: { title: '奥入瀬渓流ウォーク', theme: 'forest' },
  OP0025: { title: '蔵王 樹氷ナイト', theme: 'snow' },
  OP0026: { title: '日光東照宮と華厳の滝', theme: 'temple' },
  OP0027: { title: '箱根 大涌谷と芦ノ湖', theme: 'lake' },
  OP0028: { title: '浅草 着物レンタル', theme: 'temple' },
  OP0029: { title: '江戸切子 体験', theme: 'night' },
  OP0030: { title: '横浜 中華街と夜景', theme: 'night' },
  OP0031: { title: '名古屋城と熱田神宮', theme: 'castle' },
  OP0032: { title: '白馬八方尾根 リフト券', theme: 'snow' },
  OP0033: { title: '善光寺 朝のお勤め', theme: 'temple' },
  OP0034: { title: '白川郷と金沢', theme: 'village' },
  OP0035: { title: '金沢 近江町と兼六園', theme: 'food' },
  OP0036: { title: '伏見稲荷と清水寺', theme: 'temple' },
  OP0037: { title: '嵐山と保津川下り', theme: 'forest' },
  OP0038: { title: '京都 抹茶と和菓子', theme: 'temple' },
  OP0039: { title: '道頓堀 たこ焼き体験', theme: 'food' },
  OP0040: { title: '奈良公園と東大寺', theme: 'temple' },
  OP0041: { title: '姫路城と有馬温泉', theme: 'castle' },
  OP0042: { title: '宮島と平和記念公園', theme: 'sea' },
  OP0043: { title: '博多 屋台ナイト', theme: 'night' },
  OP0044: { title: '阿蘇 草千里と大観峰', theme: 'mountain' },
  OP0045: { title: '石垣島 シュノーケリング', theme: 'sea' },
  OP0046: { title: '隅田川 水上バス', theme: 'lake' },
  OP0047: { title: '高尾山 ハイキング', theme: 'mountain' },
  OP0048: { title: '鎌倉大仏と江ノ電', theme: 'temple' },
};
