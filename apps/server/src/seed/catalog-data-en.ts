/**
 * The demo catalog in English: what the English pages show of each option, region, area, city, keyword,
 * facility, nationality and demo picture.
 */
import type { ImageTextField } from '@tabi/contract/content';
import pictures from '../modules/catalog/demo-pictures.json' with { type: 'json' };

/** A demo picture's scene, as demo-pictures.json names it: each is described once there, in Japanese and English. */
export type SceneName = keyof typeof pictures.scenes;
/** A picture's caption and alt text in one language. */
export type PictureTexts = Record<ImageTextField, string>;

/** The scenes' English, kept in demo-pictures.json beside the Japanese it was written with. */
export const PICTURE_TEXTS_EN = Object.fromEntries(
  Object.entries(pictures.scenes).map(([scene, { en }]) => [scene, en]),
) as Record<SceneName, PictureTexts>;

export interface OptionSeedEn {
  webname: string;
  /** Present exactly when the Japanese option has a non-null meetpoint. */
  meetpoint?: string;
  /** The same inline HTML (<strong>…</strong>) as the Japanese intro, in the same places. */
  intro: string;
  /** Same number of entries, same order as the Japanese `points`. */
  points: string[];
  /** Present exactly when the Japanese has `schedule`: same rows, times kept as they are (e.g. '8:30'), the step translated. */
  schedule?: [string, string][];
  /** Present exactly when the Japanese has `notes`: same count and order; keep any inline HTML such as <strong>. */
  notes?: string[];
  /** The organiser: name (a natural romanised/English company name, e.g. 'Sakura Kanko Bus Co., Ltd.'), opening hours, address written the English way (e.g. '1-9-1 Marunouchi, Chiyoda-ku, Tokyo, Yaesu South Exit Highway Bus Terminal, Tokyo Station'). */
  company: { name: string; hours: string; address: string };
  /** Present exactly when the Japanese option has `coupon`: its companyattention in English (same HTML). */
  companyattention?: string;
  /** Present exactly when the Japanese option has `jr`: departure and arrival station names in English. */
  jr?: { from: string; to: string };
}

const SAKURA_BUS = {
  name: 'Sakura Kanko Bus Co., Ltd.',
  hours: 'Booking center 9:00–18:00 (open every day)',
  address: '1-9-1 Marunouchi, Chiyoda-ku, Tokyo, Yaesu South Exit Highway Bus Terminal, Tokyo Station',
};

const MICHINOKU = {
  name: 'Michinoku Kanko',
  hours: '9:00–18:00',
  address: '1-1-1 Chuo, Aoba-ku, Sendai, Miyagi',
};

const NAGOYA_BUS = {
  name: 'Nagoya Kanko Bus',
  hours: '9:00–18:00',
  address: '1-1-4 Meieki, Nakamura-ku, Nagoya, Aichi',
};

const KANSAI_GUIDE = {
  name: 'Kansai Guide Tours',
  hours: '8:00–18:00',
  address: '3-1-3 Umeda, Kita-ku, Osaka',
};

const YUTORI_ADDRESS = '100 Yumoto, Hakone-machi, Ashigarashimo-gun, Kanagawa';

export const OPTIONS_EN: Record<string, OptionSeedEn> = {
  OP0001: {
    webname: '[From Tokyo Station] Tokyo Skytree, Asakusa & Odaiba Day Bus Tour (Lunch Included)',
    meetpoint:
      'Tokyo Station Yaesu South Exit Highway Bus Terminal, Platform 5 (please gather at least 15 minutes before departure)',
    intro:
      "A popular bus tour that packs Tokyo's classic sights into a single day. With a guide, enjoy the sweeping panorama from the <strong>Tokyo Skytree Tembo Deck</strong>, a stroll through Asakusa's old downtown and the Odaiba bay area.",
    points: [
      'Admission to the Tokyo Skytree Tembo Deck (350 m above ground) included',
      'About 60 minutes of free time at Senso-ji Temple and Nakamise Shopping Street',
      'Lunch: an Edomae tempura rice bowl set at a long-established Japanese restaurant',
    ],
    schedule: [
      ['08:45', 'Depart from Tokyo Station Yaesu South Exit'],
      ['09:30', 'Senso-ji Temple & Nakamise Shopping Street (free time, about 60 min)'],
      ['11:00', 'Tokyo Skytree Tembo Deck (about 70 min)'],
      ['12:30', 'Lunch (Edomae tempura rice bowl set)'],
      ['14:00', 'Odaiba Seaside Park and Rainbow Bridge (seen from the bus)'],
      ['16:30', 'Arrive at Tokyo Station (estimated)'],
    ],
    company: SAKURA_BUS,
  },
  OP0002: {
    webname: 'Tokyo Bay Night Cruise on a Yakatabune Houseboat (Edomae Tempura & All-You-Can-Drink)',
    meetpoint:
      'Sakura Maru boathouse, Asakusabashi: boarding check-in (please arrive at least 20 minutes before sailing)',
    intro:
      'Enjoy freshly fried Edomae tempura while you gaze at the illuminated Rainbow Bridge and Tokyo Tower from the water on this night cruise of about two and a half hours. We will check availability and reply to you by email.',
    points: [
      'A tempura course meal, fried to order',
      'All-you-can-drink beer, sake and soft drinks',
      'Take photos of the night view from the rooftop deck',
    ],
    schedule: [
      ['18:40', 'Boarding check-in'],
      ['19:00', 'Departure; the meal begins'],
      ['20:00', 'Anchor near Rainbow Bridge (rooftop deck open)'],
      ['21:30', 'Return to port; tour ends'],
    ],
    company: {
      name: 'Yakatabune Sakura Maru',
      hours: 'Reception 10:00–19:00 (closed Tuesdays)',
      address: '1-2-3 Yanagibashi, Taito-ku, Tokyo',
    },
  },
  OP0003: {
    webname: 'Niseko Ski & Snowboard Full Set Rental (1 Day)',
    meetpoint: 'Snow Gear Niseko rental counter, Niseko Hirafu',
    intro:
      "Rent skis or a snowboard, boots and skiwear all in one set in Niseko, home to some of the world's finest powder snow. Head to the slopes empty-handed.",
    points: [
      'Choose skis or a snowboard on the day',
      'Boots, ski jacket and pants, gloves and goggles included',
      'Pick up at the shop right in front of the slopes',
    ],
    notes: [
      "You choose each traveller's sizes when you book and can see them on My Page; sizes can be changed there (Rental details and changes) from the day after the first day of use.",
    ],
    company: {
      name: 'Snow Gear Niseko',
      hours: '8:00–17:00 (winter season only)',
      address: '1-1 Soga, Niseko-cho, Abuta-gun, Hokkaido',
    },
  },
  OP0004: {
    webname: 'Niseko Ski Jacket & Pants Rental (1 Day)',
    meetpoint: 'Snow Gear Kutchan, Kutchan',
    intro:
      "Rent the latest waterproof, insulated skiwear as a jacket-and-pants set. Children's sizes are also available.",
    points: ['Adults XS–XXL, children 90–130 cm', 'Cleaned after every use', 'Return by 17:00 on the day'],
    company: {
      name: 'Snow Gear Kutchan',
      hours: '8:00–17:30 (winter season only)',
      address: '1-1 Minami 1-jo Nishi, Kutchan-cho, Abuta-gun, Hokkaido',
    },
  },
  OP0005: {
    webname: 'Hakuba Ski Boot Rental (1 Day)',
    meetpoint: 'Alps Rental shop front, Hakuba Happo',
    intro: 'Boots that fit make all the difference to your skiing. Sizes from 18.0 cm to 29.0 cm in 0.5 cm steps.',
    points: ['Fitting by specialist staff', 'Free insole adjustment', 'Recommended if you bring your own skis'],
    company: {
      name: 'Alps Rental Hakuba Happo',
      hours: '7:30–17:00 (winter season only)',
      address: '5000 Hokujo, Hakuba-mura, Kitaazumi-gun, Nagano',
    },
  },
  OP0006: {
    webname: 'Zao Skiwear & Boots Rental Set (1 Day)',
    meetpoint: 'Zao Rental, Zao Onsen Ski Resort',
    intro:
      'Rent skiwear and boots together at a great price in Zao, famous for its snow monsters (frost-covered trees). Bring and use your own skis or board.',
    points: [
      'Ski jacket, pants and boots in one set',
      'A 3-minute walk from Zao Onsen town',
      'Free size changes on the day',
    ],
    company: {
      name: 'Zao Rental',
      hours: '8:00–17:00 (winter season only)',
      address: '700 Zao Onsen, Yamagata, Yamagata',
    },
  },
  OP0007: {
    webname: 'Kyoto Zazen Meditation & Shojin Ryori at a Zen Temple: Private Tour (English-Speaking Guide Available)',
    meetpoint: 'In front of the taxi stand, Central Exit, JR Kyoto Station (your guide will be waiting with a flag)',
    intro:
      'Try zazen meditation under the guidance of the head priest of a Rinzai Zen temple, then enjoy authentic shojin ryori (Buddhist vegetarian cuisine) made with seasonal vegetables. This arranged trip is for small groups only and is popular with visitors from overseas.',
    points: [
      'Zazen instruction by the head priest (about 45 minutes)',
      'A shojin ryori meal of soup and five dishes',
      'An English-speaking guide can be arranged',
    ],
    notes: [
      'Guests from overseas are required to register their passport number.',
      'If you would like a vegetarian meal, please let us know when you book.',
    ],
    company: {
      name: 'Kyoto Zen Tours',
      hours: '9:00–17:00 (closed Wednesdays)',
      address: '1 Hanazono Myoshinji-cho, Ukyo-ku, Kyoto',
    },
  },
  OP0008: {
    webname: 'JR Tokaido Shinkansen "Nozomi" Reserved Seat Ticket, Ordinary Car (Tokyo to Shin-Osaka, One Way)',
    intro:
      'Tokyo to Shin-Osaka in about two and a half hours. Collect the reserved seat ticket for your booked train from a ticket machine at the station on the day of travel.',
    points: [
      'Reserved seat in an ordinary car',
      'Issued with your issue number and confirmation number',
      'Trains cannot be changed on the day of travel',
    ],
    notes: [
      'To collect your ticket you need the issue number (11 digits) and the confirmation number (4 digits). You can find them on My Page.',
    ],
    company: {
      name: 'Sakura Travel JR Ticket Desk',
      hours: '10:00–18:00 (closed Saturdays, Sundays and public holidays)',
      address: '1-1-1 Marunouchi, Chiyoda-ku, Tokyo',
    },
    jr: { from: 'Tokyo Station', to: 'Shin-Osaka Station' },
  },
  OP0009: {
    webname: 'Osaka Sightseeing Pass, 1 Day (Digital Ticket)',
    intro:
      "A digital ticket that gives you a day of unlimited rides on Osaka's subways and buses, plus free entry to popular attractions such as the Osaka Castle Main Tower and the Dotonbori river cruise.",
    points: [
      'Unlimited rides on all subway and bus lines for one day',
      'Free entry to more than 40 sightseeing attractions',
      'Just show it on your smartphone',
    ],
    notes: ['On the day of use, display your ticket using the coupon login number on My Page.'],
    company: {
      name: 'Osaka Tourism Pass Office',
      hours: '10:00–18:00',
      address: '3-1-1 Umeda, Kita-ku, Osaka',
    },
  },
  OP0010: {
    webname: 'Okinawa Churaumi Aquarium Admission E-Ticket',
    intro:
      'An e-ticket for the aquarium famous for its huge "Kuroshio Sea" tank, where whale sharks swim. Skip the ticket window queue and enter with your smartphone.',
    points: [
      'No queuing at the ticket window on the day',
      'An e-ticket you can display from the day of your visit',
      'An indoor attraction to enjoy even on rainy days',
    ],
    company: {
      name: 'Churaumi Aquarium Ticket Office',
      hours: '8:30–18:30',
      address: '424 Ishikawa, Motobu-cho, Kunigami-gun, Okinawa',
    },
  },
  OP0011: {
    webname: 'Hakone Yumoto Day-Use Hot Spring Bathing Coupon',
    intro:
      'Just a 5-minute walk from Hakone-Yumoto Station. A bathing coupon for a day-use hot spring with open-air baths overlooking a mountain stream and 12 kinds of baths to enjoy.',
    points: [
      'Towels and loungewear included',
      'Open-air baths and sauna available',
      'On the day, show the coupon screen at reception',
    ],
    company: {
      name: 'Hakone Yumoto Onsen Yutori no Yu',
      hours: '10:00–22:00 (last entry 21:00)',
      address: YUTORI_ADDRESS,
    },
    companyattention: 'We are unable to admit guests with tattoos.',
  },
  OP0012: {
    webname: 'Hakone Yumoto Yutori no Yu Restaurant Lunch Coupon',
    intro:
      'At the restaurant inside the day-use hot spring, choose either a seafood set meal made with local fish from Odawara or the house favorite, a yuba (tofu skin) rice bowl.',
    points: ['Choose a seafood set meal or a yuba rice bowl', 'One soft drink included', 'Valid 11:00–15:00'],
    company: {
      name: 'Hakone Yumoto Onsen Yutori no Yu',
      hours: 'Restaurant 11:00–15:00',
      address: YUTORI_ADDRESS,
    },
    companyattention: 'Please show the coupon screen to a member of staff when you order.',
  },
  OP0013: {
    webname: 'Lake Ashi Sightseeing Cruise Boarding Coupon (Moto-Hakone Port – Togendai Port)',
    intro:
      'A one-way boarding coupon for the sightseeing boat that crosses Lake Ashi in about 40 minutes, with views of Mount Fuji and the Hakone mountains.',
    points: [
      'Board at either Moto-Hakone Port or Togendai Port',
      'On clear days, take in Mount Fuji from the lake',
      'Departures about every 30 minutes',
    ],
    company: {
      name: 'Lake Ashi Sightseeing Cruise, Moto-Hakone Port',
      hours: '9:30–17:00 (varies by season)',
      address: '45 Motohakone, Hakone-machi, Ashigarashimo-gun, Kanagawa',
    },
    companyattention: 'Sailings may be cancelled in bad weather.',
  },
  OP0014: {
    webname: '[From Shinjuku] Mount Fuji 5th Station & Lake Kawaguchi Day Bus Tour',
    meetpoint:
      'Tokyo Metropolitan Government Building bus parking, Shinjuku Station West Exit (meet 15 minutes before departure)',
    intro:
      'Enjoy the view above the clouds at the 5th Station of Mount Fuji, 2,305 m above sea level, then head to the shore of Lake Kawaguchi for photos of the "upside-down Fuji" reflected in the water. Only a few seats are left on popular dates.',
    points: [
      'About 60 minutes to explore the Mount Fuji 5th Station',
      'Photograph flowers and Mount Fuji at Oishi Park, Lake Kawaguchi',
      'Lunch of hoto noodle hot pot included',
    ],
    schedule: [
      ['08:00', 'Depart from Shinjuku Station West Exit'],
      ['10:30', 'Mount Fuji 5th Station (about 60 min)'],
      ['12:30', 'Lunch (hoto noodle hot pot)'],
      ['14:00', 'Oishi Park, Lake Kawaguchi'],
      ['18:00', 'Arrive at Shinjuku Station West Exit (estimated)'],
    ],
    company: SAKURA_BUS,
  },
  OP0015: {
    webname: '[Pairs Only] Kamakura Rickshaw Tour of the Ancient Capital (60 Minutes)',
    meetpoint: 'Rickshaw stand in front of the Third Torii Gate, Tsurugaoka Hachimangu Shrine',
    intro:
      'Ride a rickshaw from Tsurugaoka Hachimangu Shrine along Komachi-dori Street to a temple with a bamboo grove, with lively commentary from your rickshaw puller. This plan is for pairs only: one rickshaw for two.',
    points: [
      'A private rickshaw for the two of you',
      'We take souvenir photos of you at photo spots',
      'In the rain, the rickshaw runs with its hood up',
    ],
    company: {
      name: 'Kamakura Kurumaya',
      hours: '9:30–sunset',
      address: '2-1-31 Yukinoshita, Kamakura, Kanagawa',
    },
  },
  OP0016: {
    webname: '[Small Group] Tsukiji Outer Market Breakfast Food Tour',
    meetpoint: 'In front of the main gate of Tsukiji Hongwanji Temple',
    intro:
      "Walk and snack your way through the Outer Market's specialties, such as tamagoyaki (Japanese rolled egg), seafood rice bowls and grilled tuna skewers, with a guide who knows Tsukiji inside out. A small-group tour limited to two guests a day.",
    points: ['Tastings at five renowned shops', 'Your guide explains how to get around the market', 'About 2 hours'],
    company: {
      name: 'Tsukiji Guide Association',
      hours: '8:00–17:00 (closed Sundays and Wednesdays)',
      address: '4-16-2 Tsukiji, Chuo-ku, Tokyo',
    },
  },
  OP0017: {
    webname: 'Sapporo All-You-Can-Eat Jingisukan Dinner & Odori Park Night View Walk',
    meetpoint: 'Sapporo TV Tower, 1st floor entrance',
    intro:
      'Enjoy 90 minutes of all-you-can-eat jingisukan (grilled fresh lamb), then take in the night view of Sapporo from the observation deck of the Sapporo TV Tower.',
    points: [
      '90 minutes of all-you-can-eat fresh lamb, vegetables and rice',
      'Admission to the Sapporo TV Tower observation deck included',
      'Odori Park illuminations in winter',
    ],
    company: {
      name: 'Sapporo Night View Navi',
      hours: '11:00–20:00',
      address: 'Odori Nishi 1, Chuo-ku, Sapporo, Hokkaido',
    },
  },
  OP0018: {
    webname: 'Otaru Canal Cruise (Day Cruise, About 40 Minutes)',
    meetpoint: 'Otaru Canal boarding point, Chuo-bashi Bridge',
    intro:
      "Cruise the Otaru Canal, lined with old stone warehouses, on a small boat. The captain's commentary on its history tells you how the canal came to be.",
    points: ['About 40 minutes around the canal', 'Guided by the captain', 'Popular with families'],
    company: {
      name: 'Otaru Canal Cruise',
      hours: '9:00–19:00',
      address: '5-4 Minatomachi, Otaru, Hokkaido',
    },
  },
  OP0019: {
    webname: '[Summer Only] Furano Lavender Fields & Biei "Blue Pond" Day Bus Tour',
    meetpoint: 'JR Asahikawa Station, East Exit roundabout (meet 10 minutes before departure)',
    intro:
      "A summer-only tour to fields of purple lavender stretching as far as the eye can see and Biei's Blue Pond, with its mysterious blue waters.",
    points: [
      'Lavender soft-serve ice cream at Farm Tomita included',
      "See Biei's Patchwork Road from the bus window",
      'Lunch at the Furano Cheese Factory',
    ],
    company: {
      name: 'Hokkaido Nature Bus',
      hours: '9:00–18:00',
      address: '8-3-1 Miyashita-dori, Asahikawa, Hokkaido',
    },
  },
  OP0020: {
    webname: 'Asahiyama Zoo Admission Ticket + Round-Trip Shuttle Bus from Asahikawa Station',
    meetpoint: 'JR Asahikawa Station, North Exit, Bus Stop 6',
    intro:
      'Visit the zoo famous for its penguin walk and its exhibits that show polar bears in powerful action, with a round-trip shuttle from the station.',
    points: [
      'Admission ticket included',
      'Round-trip shuttle from Asahikawa Station',
      'The "Penguin Walk" is held in winter',
    ],
    company: {
      name: 'Asahikawa Kanko Line',
      hours: '8:30–17:30',
      address: '8 Miyashita-dori, Asahikawa, Hokkaido',
    },
  },
  OP0021: {
    webname: '[Winter Only] Rusutsu Half-Day Ski Lesson for Beginners',
    meetpoint: 'Rusutsu Resort Ski School reception',
    intro:
      'A small-group lesson where even first-timers can feel at ease. A professional instructor will teach you patiently until you can ride the lift and make your way down with a basic wedge.',
    points: ['Up to 6 people per group', 'Instructors speak Japanese and English', 'Please book rentals separately'],
    company: {
      name: 'Rusutsu Snow School',
      hours: '8:30–16:30 (winter season only)',
      address: '13 Izumikawa, Rusutsu-mura, Abuta-gun, Hokkaido',
    },
  },
  OP0022: {
    webname: "Matsushima Bay Cruise & Oyster Hut Lunch at One of Japan's Three Most Scenic Views (from Sendai Station)",
    meetpoint: 'JR Sendai Station, East Exit, sightseeing bus stop',
    intro:
      'A half-day tour cruising Matsushima Bay, dotted with more than 260 islands, followed by all-you-can-eat oysters fresh off the grill.',
    points: [
      'Matsushima Bay island cruise (50 minutes)',
      '40 minutes of all-you-can-eat grilled oysters at an oyster hut',
      'Time to visit Zuigan-ji Temple',
    ],
    company: MICHINOKU,
  },
  OP0023: {
    webname: 'Sendai Beef Tongue & Zunda Mochi Guided Food Walk',
    meetpoint: 'JR Sendai Station, 2nd floor, in front of the stained glass',
    intro:
      'A two-hour food walk to a renowned gyutan (grilled beef tongue) restaurant recommended by your local guide and a long-established sweet shop serving zunda mochi (rice cakes with sweet edamame paste).',
    points: [
      'Grilled beef tongue set meal (mini)',
      'Zunda mochi and a zunda shake',
      'A stroll around Sendai Morning Market',
    ],
    company: MICHINOKU,
  },
  OP0024: {
    webname: 'Oirase Stream Guided Nature Walk (Half Day)',
    meetpoint: 'In front of the Oirase Keiryukan',
    intro:
      'Spend about three hours walking along the Oirase Stream, a world of moss and clear water, with a nature guide. See famous sights such as Choshi Otaki Falls and the Ashura Rapids.',
    points: ['Accompanied by a nature guide', 'Loupes for viewing moss available to borrow', 'About 5 km of walking'],
    company: {
      name: 'Towada Nature Guide',
      hours: '8:00–17:00 (closed in winter)',
      address: '183 Tochikubo, Okuse, Towada, Aomori',
    },
  },
  OP0025: {
    webname: '[Winter Only] Zao Illuminated Snow Monsters Night Snowcat Cruise',
    meetpoint: 'Zao Onsen Ropeway, base station',
    intro:
      'A magical night tour riding a snowcat between illuminated "snow monsters", the famous frost-covered trees of Zao.',
    points: [
      'Ride a snowcat out to the snow monster fields',
      'Cold-weather gear available to borrow',
      'Complimentary warm amazake (sweet rice drink)',
    ],
    company: {
      name: 'Zao Snowcat Tours',
      hours: '17:00–21:00 (winter only)',
      address: '229 Zao Onsen, Yamagata, Yamagata',
    },
  },
  OP0026: {
    webname: '[From Ryogoku Station] World Heritage Nikko Toshogu Shrine & Kegon Falls Day Bus Tour',
    meetpoint: 'JR Ryogoku Station, East Exit, sightseeing bus stop',
    intro:
      'A classic tour of the dazzling Yomeimon Gate of Nikko Toshogu Shrine, the 97 m drop of Kegon Falls and the Irohazaka winding road, famous for its autumn colors.',
    points: [
      'Nikko Toshogu Shrine admission included',
      'Kegon Falls viewing platform, reached by elevator',
      'Lunch of yuba (tofu skin) cuisine included',
    ],
    schedule: [
      ['07:50', 'Depart from Ryogoku Station'],
      ['10:40', 'Nikko Toshogu Shrine (about 90 min)'],
      ['12:30', 'Lunch (yuba set meal)'],
      ['14:00', 'Irohazaka and Kegon Falls'],
      ['18:30', 'Arrive at Ryogoku Station (estimated)'],
    ],
    company: SAKURA_BUS,
  },
  OP0027: {
    webname: '[From Shinjuku] Hakone Owakudani & Lake Ashi Pirate Ship Day Tour',
    meetpoint: 'Tokyo Metropolitan Government Building bus parking, Shinjuku Station West Exit',
    intro:
      'Taste the famous black eggs at steaming Owakudani and board a pirate ship on Lake Ashi. On the way back, stop at Hakone-Yumoto for a soak in a day-use hot spring.',
    points: [
      'Hakone Ropeway and pirate ship tickets included',
      'Owakudani black eggs included',
      'Day-use hot spring bath included',
    ],
    company: SAKURA_BUS,
  },
  OP0028: {
    webname: 'Asakusa Kimono Rental & Dressing (1-Day Plan)',
    meetpoint: 'Kimono shop "Sakura", Asakusa (3 minutes\' walk from Kaminarimon Gate)',
    intro:
      'Choose the pattern you like from over 300 kimono, get dressed by a professional and stroll the streets of Asakusa. Hair styling is included too.',
    points: ['Kimono, obi sash and all accessories', 'Hair styling included', 'Return by 18:00 on the day'],
    company: {
      name: 'Asakusa Kimono Sakura',
      hours: '9:00–18:00',
      address: '1-2-3 Asakusa, Taito-ku, Tokyo',
    },
  },
  OP0029: {
    webname: 'Edo Kiriko Cut Glass Making Experience (90 Minutes)',
    meetpoint: 'Edo Kiriko workshop "Garasusha" (8 minutes\' walk from Ryogoku Station)',
    intro:
      'Under the guidance of a certified traditional craftsperson, cut patterns into colored glass to create your own Edo Kiriko glass. You can take your work home the same day.',
    points: [
      'Instruction by a certified traditional craftsperson',
      'Take your work home on the day',
      'Children from the third year of elementary school can take part',
    ],
    company: {
      name: 'Edo Kiriko Workshop Garasusha',
      hours: '10:00–18:00 (closed Mondays)',
      address: '2-1-1 Ryogoku, Sumida-ku, Tokyo',
    },
  },
  OP0030: {
    webname: 'Yokohama Chinatown Food Walk & Minato Mirai Night View Stroll',
    meetpoint: 'In front of Zenrinmon Gate, Yokohama Chinatown',
    intro:
      'A guided tour: snack on xiaolongbao soup dumplings and Peking duck in Chinatown, then walk from the Red Brick Warehouse to the night view of Minato Mirai, lit up by its giant Ferris wheel.',
    points: [
      'Five food tasting tickets included',
      'Stroll around the Red Brick Warehouse and Osanbashi Pier',
      'About 3 hours',
    ],
    company: {
      name: 'Yokohama Town Walks',
      hours: '10:00–19:00',
      address: '140 Yamashita-cho, Naka-ku, Yokohama, Kanagawa',
    },
  },
  OP0031: {
    webname: '[From Nagoya Station] Nagoya Castle & Atsuta Jingu Shrine Half-Day Sightseeing Bus',
    meetpoint: 'JR Nagoya Station, Taiko-dori Exit, sightseeing bus stop',
    intro:
      'Spend about four hours visiting Nagoya Castle, topped with its gleaming golden shachihoko, and Atsuta Jingu Shrine, which enshrines one of the Three Sacred Treasures of Japan.',
    points: [
      'Tour of the Hommaru Palace at Nagoya Castle',
      'Formal worship at Atsuta Jingu Shrine',
      'Optional hitsumabushi (grilled eel on rice) lunch available',
    ],
    company: NAGOYA_BUS,
  },
  OP0032: {
    webname: '[Winter Only] Hakuba Happo-one Ski Resort 1-Day Lift Ticket',
    meetpoint: 'Ticket office, Nakiyama Slope, Happo-one',
    intro:
      'A 1-day lift ticket for Hakuba Happo-one Ski Resort, with sweeping views of the Northern Alps. Collect it without queuing at the ticket office.',
    points: [
      'Unlimited rides on all lifts and gondolas',
      'Collect at a dedicated counter',
      'Night skiing is not included',
    ],
    company: {
      name: 'Hakuba Happo-one Ski Resort',
      hours: '8:00–16:30 (winter season only)',
      address: '4487 Hokujo, Hakuba-mura, Kitaazumi-gun, Nagano',
    },
  },
  OP0033: {
    webname: 'Zenko-ji Temple Lodging Experience: Morning Service & Shojin Breakfast',
    meetpoint: 'Entrance of Jokoin, a temple lodging (shukubo) of Zenko-ji',
    intro:
      'Attend O-asaji, the morning service held at Zenko-ji at sunrise, then enjoy a shojin (Buddhist vegetarian) breakfast prepared with care at a temple lodging.',
    points: [
      'Attend O-asaji (the morning sutra service)',
      'Shojin breakfast at the temple lodging',
      'An explanation of the etiquette for the prayer bead blessing (O-juzu Chodai)',
    ],
    company: {
      name: 'Zenko-ji Shukubo Jokoin',
      hours: '6:00–17:00',
      address: '465 Motoyoshi-cho, Nagano, Nagano',
    },
  },
  OP0034: {
    webname: '[From Nagoya Station] World Heritage Shirakawa-go & Kanazawa Higashi Chaya District Day Tour',
    meetpoint: 'JR Nagoya Station, Taiko-dori Exit, sightseeing bus stop',
    intro:
      "A day trip that packs it all in: stroll through Shirakawa-go, a village of preserved gassho-zukuri farmhouses, then visit Kanazawa's charming Higashi Chaya District and Kenroku-en Garden.",
    points: [
      'Stunning views from the Shirakawa-go observation deck',
      'Kenroku-en Garden admission included',
      'Gold leaf soft-serve ice cream included',
    ],
    company: NAGOYA_BUS,
  },
  OP0035: {
    webname: 'Kanazawa Omicho Market Seafood Bowl & Kenroku-en Guided Walk',
    meetpoint: 'Musashi Entrance, Omicho Market',
    intro:
      'Enjoy a rice bowl of seafood caught that morning at Omicho Market, known as "Kanazawa\'s kitchen", then walk with a guide through Kenroku-en, one of the three great gardens of Japan.',
    points: ['Seafood rice bowl at Omicho Market', 'Kenroku-en Garden admission included', 'About 3 hours'],
    company: {
      name: 'Kanazawa Town Walks',
      hours: '9:00–17:00',
      address: '50 Kami-Omicho, Kanazawa, Ishikawa',
    },
  },
  OP0036: {
    webname: '[From Osaka Station] Kyoto Fushimi Inari Taisha & Kiyomizu-dera Early Morning Guided Tour',
    meetpoint: 'In front of the fountain, Central Exit, JR Osaka Station',
    intro:
      'A popular guided tour: walk through the Senbon Torii (thousands of torii gates) early in the morning before the crowds, then look out over Kyoto from the famous stage of Kiyomizu-dera, a World Heritage Site.',
    points: [
      'Early morning walk through the Senbon Torii',
      'Kiyomizu-dera admission included',
      'Stroll along Sannenzaka and Ninenzaka',
    ],
    company: KANSAI_GUIDE,
  },
  OP0037: {
    webname: 'Kyoto Arashiyama Bamboo Grove & Hozugawa River Boat Ride',
    meetpoint: 'JR Kameoka Station, North Exit, bus stop for the Hozugawa River Boat Ride pier',
    intro:
      "A plan combining the Hozugawa River Boat Ride, two hours down about 16 km of gorge, with a stroll through Arashiyama's Bamboo Grove and across the Togetsukyo Bridge.",
    points: [
      'Hozugawa River Boat Ride ticket included',
      'Stroll the Bamboo Grove and Togetsukyo Bridge',
      'Yudofu (simmered tofu) lunch in Arashiyama',
    ],
    company: {
      name: 'Arashiyama Walks',
      hours: '9:00–17:00',
      address: '20 Saga Tenryuji Tsukurimichi-cho, Ukyo-ku, Kyoto',
    },
  },
  OP0038: {
    webname: 'Kyoto Matcha Tea Ceremony & Wagashi Making Experience (in a Machiya Townhouse)',
    meetpoint: 'Kyoto townhouse "Chashitsu Yuragi" (5 minutes\' walk from Shijo Subway Station)',
    intro:
      'In a 100-year-old Kyoto machiya townhouse, make seasonal jo-namagashi (fine Japanese sweets) with a wagashi artisan, then enjoy them with matcha you whisk yourself.',
    points: [
      'Make two kinds of jo-namagashi by hand',
      'Learn the basic etiquette of the tea ceremony',
      'Children are welcome to take part',
    ],
    company: {
      name: 'Chashitsu Yuragi',
      hours: '10:00–17:00 (closed Thursdays)',
      address: 'Muromachi-dori Shijo-agaru, Nakagyo-ku, Kyoto',
    },
  },
  OP0039: {
    webname: 'Osaka Dotonbori Takoyaki Making Experience & Food Walk',
    meetpoint: "Takoyaki Dojo, Dotonbori (5 minutes' walk from Namba Station)",
    intro:
      'Make your own takoyaki with tips straight from a pro, then eat your way around Dotonbori in true "kuidaore" style. A hugely popular experience with children too.',
    points: [
      'Make as much takoyaki as you like (30 minutes)',
      'Food walk with kushikatsu and 551 pork buns',
      'An indoor experience, so no worries on rainy days',
    ],
    company: {
      name: 'Takoyaki Dojo',
      hours: '11:00–21:00',
      address: '1-7-21 Dotonbori, Chuo-ku, Osaka',
    },
  },
  OP0040: {
    webname: '[From Osaka Station] Nara Park & Todai-ji Great Buddha Hall Half-Day Guided Tour',
    meetpoint: 'In front of the fountain, Central Exit, JR Osaka Station',
    intro:
      "Walk through Nara Park, where deer roam freely, as your guide shows you Todai-ji's Great Buddha Hall, one of the largest wooden buildings in the world, and Kasuga Taisha Shrine.",
    points: [
      'Todai-ji Great Buddha Hall admission included',
      'Deer crackers (shika senbei) included',
      'Visit to Kasuga Taisha Shrine',
    ],
    company: KANSAI_GUIDE,
  },
  OP0041: {
    webname: '[From Osaka Station] World Heritage Himeji Castle & Arima Onsen Day Bus Tour',
    meetpoint: 'JR Osaka Station, Sakurabashi Exit, sightseeing bus stop',
    intro:
      'A day of luxury: tour Himeji Castle, a National Treasure fondly known as the "White Heron Castle", then soak in the golden waters (kinsen) of Arima Onsen, one of the oldest hot springs in Japan.',
    points: [
      'Himeji Castle admission included',
      'Arima Onsen Kin no Yu bathing ticket included',
      'Lunch: sukiyaki set meal with Kobe beef',
    ],
    company: KANSAI_GUIDE,
  },
  OP0042: {
    webname: 'World Heritage Miyajima Itsukushima Shrine & Hiroshima Peace Memorial Park Day Tour',
    meetpoint: 'In front of the tourist information office, South Exit, JR Hiroshima Station',
    intro:
      "A day to discover Hiroshima's history and beauty: visit Itsukushima Shrine, famous for its great torii gate that seems to float on the sea, the Atomic Bomb Dome and the Peace Memorial Museum.",
    points: [
      'Round-trip Miyajima ferry included',
      'Itsukushima Shrine admission included',
      'Lunch of anagomeshi (conger eel on rice) included',
    ],
    company: {
      name: 'Hiroshima Sightseeing Guide',
      hours: '9:00–18:00',
      address: '1-2 Matsubara-cho, Minami-ku, Hiroshima',
    },
  },
  OP0043: {
    webname: 'Hakata Yatai Hopping Night Tour (2 Stalls, Drinks Included)',
    meetpoint: 'At the foot of Haruyoshi Bridge, Nakasu',
    intro:
      "Hop between two of Hakata's famous yatai food stalls along the Naka River with a local guide, and taste dishes such as tonkotsu ramen, yakitori and motsunabe (offal hot pot).",
    points: [
      'A snack and one drink at each of the two stalls',
      'Finish with a bowl of tonkotsu ramen',
      'A night walk around Nakasu',
    ],
    company: {
      name: 'Hakata Night Guide',
      hours: '17:00–24:00',
      address: '1-8 Nakasu, Hakata-ku, Fukuoka',
    },
  },
  OP0044: {
    webname: '[From Kumamoto Station] Aso Kusasenri & Daikanbo Scenic Drive Tour',
    meetpoint: 'JR Kumamoto Station, Shirakawa Exit, sightseeing bus stop',
    intro:
      "In Aso, home to one of the world's largest calderas, enjoy the green grasslands of Kusasenri and the spectacular view from Daikanbo, the highest point of the outer crater rim.",
    points: [
      'Horse riding at Kusasenri (for those who wish)',
      'Caldera views from Daikanbo',
      'A drop-in bath at Uchinomaki Onsen included',
    ],
    company: {
      name: 'Kumamoto Kanko Bus',
      hours: '8:30–18:00',
      address: '3-15-1 Kasuga, Nishi-ku, Kumamoto',
    },
  },
  OP0045: {
    webname: 'Ishigaki Island Kabira Bay Snorkeling Experience (Half Day, Hotel Transfers Included)',
    meetpoint: 'Pick-up from your hotel on Ishigaki Island (we will let you know the pick-up time the day before)',
    intro:
      'Snorkel in the crystal-clear waters of Kabira Bay and meet colorful corals and tropical fish. We will let you know by email whether the tour can go ahead, depending on sea conditions.',
    points: [
      'Equipment rental and wetsuit included',
      'An instructor accompanies you',
      'Underwater photos (digital files) as a free gift',
    ],
    company: {
      name: 'Ishigaki Marine Club',
      hours: '8:00–19:00',
      address: '934 Kabira, Ishigaki, Okinawa',
    },
  },
  OP0046: {
    webname: 'Sumida River Water Bus & Hama-rikyu Gardens Half-Day Stroll',
    meetpoint: 'Asakusa Nitenmon water bus pier',
    intro:
      "Cruise down the Sumida River by water bus from Asakusa, then enjoy matcha and Japanese sweets at Hama-rikyu, a feudal lord's garden in the heart of the city. A relaxed half-day course.",
    points: [
      'Water bus ticket included',
      'Matcha and Japanese sweets at the Nakajima no Ochaya teahouse in Hama-rikyu',
      'You are welcome to join with a stroller',
    ],
    company: SAKURA_BUS,
  },
  OP0047: {
    webname: 'Mount Takao Guided Hike & Famous Tororo Soba',
    meetpoint: 'In front of the ticket gates, Takaosanguchi Station (Keio Line)',
    intro:
      'A beginner-friendly hike on Mount Takao, one hour from central Tokyo, with a mountain guide. On clear days you can see Mount Fuji from the summit.',
    points: [
      'One-way cable car ticket included',
      'Visit to Yakuo-in Temple',
      'Lunch of the famous tororo soba (buckwheat noodles with grated yam)',
    ],
    company: {
      name: 'Mount Takao Nature Guide',
      hours: '8:00–17:00',
      address: '2241 Takao-machi, Hachioji, Tokyo',
    },
  },
  OP0048: {
    webname: 'Kamakura Great Buddha & Shonan Stroll with an Enoden 1-Day Pass',
    meetpoint: 'In front of the ticket gates, Enoden Kamakura Station',
    intro:
      'With an Enoden 1-day pass in hand, explore at your own pace: the Great Buddha of Kamakura at Kotoku-in, the hydrangeas of Hase-dera and the sea views of Enoshima.',
    points: [
      'Enoden 1-day pass included',
      'Admission tickets for Kotoku-in and Hase-dera included',
      'Meal voucher for a shirasu-don (whitebait rice bowl) included',
    ],
    company: {
      name: 'Shonan Sanpo Information Desk',
      hours: '9:00–17:00',
      address: '1-1-1 Komachi, Kamakura, Kanagawa',
    },
  },
  OP0049: {
    webname: 'Yokohama Bay Cruise, 1 Hour around Minato Mirai (Sunset Sailing Available)',
    meetpoint:
      'Boarding gate in front of the Hikawa Maru, Yamashita Park, Yokohama (please come 15 minutes before sailing)',
    intro:
      'A one-hour cruise from Yamashita Park with views of Minato Mirai, the Bay Bridge and Daikoku Pier from the water. On the <strong>16:00 sunset sailing</strong> the harbour glows in the evening light.',
    points: [
      'Three sailings a day: 10:00, 13:00 and 16:00 (sunset)',
      'A route right under the Yokohama Bay Bridge',
      'Drinks counter on board',
    ],
    notes: [
      'Please come to the boarding gate 15 minutes before sailing.',
      'Sailings may be cancelled in bad weather (full refund).',
    ],
    company: {
      name: 'Yokohama Bay Cruise Co., Ltd.',
      hours: '9:00–18:00',
      address: 'Yamashita Park, 279 Yamashita-cho, Naka-ku, Yokohama, Kanagawa',
    },
  },
  OP0050: {
    webname: 'Niseko First Ski Lesson (2.5 Hours, Small Groups)',
    meetpoint: 'Niseko Hirafu ski school meeting point (beside the gondola station)',
    intro:
      'A small-group lesson for complete beginners. Experienced instructors teach the basics of <strong>stopping and turning</strong> step by step.',
    points: [
      'Twice a day, at 9:30 and 13:30',
      'At most 6 people per group',
      'Instructors who speak English, Korean and Chinese',
    ],
    company: {
      name: 'Niseko Snow Academy',
      hours: '8:30–17:00 (winter)',
      address: '204 Yamada, Kutchan-cho, Abuta-gun, Hokkaido',
    },
  },
  OP0051: {
    webname: 'Kyoto Gion Evening Guided Walk (2 Hours in the Geisha District)',
    meetpoint: 'In front of the West Gate of Yasaka Shrine (at the foot of the steps)',
    intro:
      'Walk with a guide through lantern-lit Gion Shirakawa, Hanamikoji and the streets around Kennin-ji, learning the <strong>customs of the geisha district</strong> and what to look for in its townhouses.',
    points: ['Every evening at 19:00', 'A local guide speaking Japanese and English', 'Small groups (up to 12)'],
    company: {
      name: 'Kyoto Machiaruki Guides',
      hours: '10:00–21:00',
      address: '625 Gionmachi Kitagawa, Higashiyama-ku, Kyoto',
    },
  },
  OP0052: {
    webname: 'Okinawa Blue Cave Snorkelling (Boat Transfer and Photos Included)',
    meetpoint: 'Marine shop at Cape Maeda, Onna Village',
    intro:
      'Snorkel into the <strong>Blue Cave</strong>, where the light glows blue in some of the clearest water in Japan. Underwater photos are included free of charge.',
    points: [
      'Three times a day: 8:00, 11:00 and 14:00',
      'Boat transfer to the cave',
      'Gear rental and photo data included',
    ],
    company: {
      name: 'Blue Cave Okinawa',
      hours: '7:00–19:00',
      address: '469-1 Maeda, Onna-son, Kunigami-gun, Okinawa',
    },
  },
  OP0053: {
    webname: 'Tokyo Sumida River Yakatabune Cruise (with Meal, Lunch or Evening Sailing)',
    meetpoint: 'Yakatabune pier, Azumabashi Bridge, Asakusa',
    intro:
      'Glide down the Sumida River on a traditional yakatabune while enjoying tempura and sashimi. The <strong>evening sailing</strong> passes the illuminated Skytree and Rainbow Bridge.',
    points: [
      'Lunch sailing at 12:00 (daily), evening sailing at 18:30 (weekends, special price)',
      'Freshly fried tempura and seasonal dishes',
      'All-you-can-drink included (20 and over)',
    ],
    company: {
      name: 'Asakusa Yakatabune Sakura Maru',
      hours: '10:00–22:00',
      address: '1-1-1 Hanakawado, Taito-ku, Tokyo',
    },
  },
};

export const REGION_NAMES_EN: Record<string, string> = {
  '01': 'Hokkaido',
  '02': 'Tohoku',
  '03': 'Kanto',
  '04': 'Chubu',
  '05': 'Kansai',
  '06': 'Chugoku & Shikoku',
  '07': 'Kyushu & Okinawa',
};

export const AREA_NAMES_EN: Record<string, string> = {
  '0101': 'Sapporo & Otaru',
  '0102': 'Niseko & Rusutsu',
  '0103': 'Furano & Asahikawa',
  '0201': 'Sendai & Matsushima',
  '0202': 'Aomori & Towada',
  '0203': 'Yamagata & Zao',
  '0301': 'Tokyo',
  '0302': 'Hakone',
  '0303': 'Nikko & Kinugawa',
  '0304': 'Kamakura & Yokohama',
  '0401': 'Nagoya',
  '0402': 'Hakuba & Nagano',
  '0403': 'Mount Fuji & Fuji Five Lakes',
  '0404': 'Kanazawa & Shirakawa-go',
  '0501': 'Kyoto',
  '0502': 'Osaka',
  '0503': 'Nara',
  '0504': 'Kobe & Himeji',
  '0601': 'Hiroshima & Miyajima',
  '0602': 'Kagawa & Tokushima',
  '0701': 'Fukuoka',
  '0702': 'Kumamoto & Aso',
  '0703': 'Okinawa Main Island',
  '0704': 'Ishigaki & Miyako',
};

export const CITY_NAMES_EN: Record<string, string> = {
  '010101': 'Sapporo',
  '010102': 'Otaru',
  '010201': 'Niseko',
  '010202': 'Kutchan',
  '010203': 'Rusutsu',
  '010301': 'Furano',
  '010302': 'Asahikawa',
  '020101': 'Sendai',
  '020102': 'Matsushima',
  '020201': 'Aomori',
  '020202': 'Towada',
  '020301': 'Yamagata',
  '030101': 'Chiyoda',
  '030102': 'Taito',
  '030103': 'Shinjuku',
  '030104': 'Chuo',
  '030105': 'Hachioji',
  '030201': 'Hakone',
  '030301': 'Nikko',
  '030401': 'Kamakura',
  '030402': 'Yokohama',
  '040101': 'Nagoya',
  '040201': 'Hakuba',
  '040202': 'Nagano',
  '040301': 'Fujikawaguchiko',
  '040401': 'Kanazawa',
  '040402': 'Shirakawa',
  '050101': 'Kyoto',
  '050201': 'Osaka',
  '050301': 'Nara',
  '050401': 'Kobe',
  '050402': 'Himeji',
  '060101': 'Hiroshima',
  '060102': 'Hatsukaichi',
  '060201': 'Takamatsu',
  '070101': 'Fukuoka',
  '070201': 'Kumamoto',
  '070202': 'Aso',
  '070301': 'Naha',
  '070302': 'Motobu',
  '070401': 'Ishigaki',
};

export const KEYWORD_NAMES_EN: Record<string, string> = {
  K01: 'Day trip',
  K02: 'Meals included',
  K03: 'Kid-friendly',
  K04: 'Rainy-day friendly',
  K05: 'Scenic views',
  K06: 'Hot springs',
  K07: 'Skiing & snowboarding',
  K08: 'World Heritage',
  K09: 'Hands-on experiences',
  K10: 'Night views',
  K11: 'Food & drink',
  K12: 'Rentals',
};

export const FACILITY_NAMES_EN: Record<number, string> = {
  1: 'Hakone Yumoto Onsen Yutori no Yu',
  2: 'Lake Ashi Sightseeing Cruise, Moto-Hakone Port',
  3: 'Snow Gear Niseko',
  4: 'Snow Gear Kutchan',
  5: 'Alps Rental Hakuba Happo',
  6: 'Zao Rental',
};

/** Nationalities by id (NATIONALITIES). */
export const NATIONALITY_NAMES_EN: Record<number, string> = {
  1: 'Japan',
  2: 'United States',
  3: 'China',
  4: 'South Korea',
  5: 'Taiwan',
  6: 'Hong Kong',
  7: 'Thailand',
  8: 'Singapore',
  9: 'Malaysia',
  10: 'Indonesia',
  11: 'Philippines',
  12: 'Vietnam',
  13: 'India',
  14: 'Australia',
  15: 'New Zealand',
  16: 'Canada',
  17: 'United Kingdom',
  18: 'France',
  19: 'Germany',
  20: 'Italy',
  21: 'Spain',
  22: 'Brazil',
  23: 'Other',
};
