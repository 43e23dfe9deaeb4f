/**
 * Words the generated catalog is made of, in the three languages the sandbox marketplaces sell in:
 * English (emporium, auction, megastore), Simplified Chinese (crossborder) and Japanese (storefront).
 * Brands are invented; nothing here names a real company.
 */

export type Lang = "en" | "zh" | "ja";
export type Words = Record<Lang, string>;
export type VariantKind = "color" | "size" | "none";

export interface Noun {
  words: Words;
  /** Typical price band in US dollars. */
  usd: [number, number];
  variants: VariantKind;
}

export interface Department {
  slug: string;
  words: Words;
  nouns: [Noun, Noun];
}

const w = (en: string, zh: string, ja: string): Words => ({ en, zh, ja });
const n = (
  en: string,
  zh: string,
  ja: string,
  usd: [number, number],
  variants: VariantKind = "color",
): Noun => ({
  words: w(en, zh, ja),
  usd,
  variants,
});

/** 42 departments, two product kinds each. */
export const DEPARTMENTS: readonly Department[] = [
  {
    slug: "electronics",
    words: w("Electronics", "电子产品", "家電・AV機器"),
    nouns: [
      n("Wireless Earbuds", "无线耳机", "ワイヤレスイヤホン", [15, 180]),
      n("Bluetooth Speaker", "蓝牙音箱", "Bluetoothスピーカー", [20, 250]),
    ],
  },
  {
    slug: "cell-phones",
    words: w("Cell Phones & Accessories", "手机及配件", "スマホ・アクセサリー"),
    nouns: [
      n("Phone Case", "手机壳", "スマホケース", [6, 40]),
      n("Fast Charger", "快充充电器", "急速充電器", [9, 45], "none"),
    ],
  },
  {
    slug: "computers",
    words: w("Computers", "电脑办公", "パソコン・周辺機器"),
    nouns: [
      n("Mechanical Keyboard", "机械键盘", "メカニカルキーボード", [30, 200]),
      n("Wireless Mouse", "无线鼠标", "ワイヤレスマウス", [10, 90]),
    ],
  },
  {
    slug: "video-games",
    words: w("Video Games", "电子游戏", "ゲーム"),
    nouns: [
      n("Game Controller", "游戏手柄", "ゲームコントローラー", [25, 80]),
      n("Gaming Headset", "游戏耳机", "ゲーミングヘッドセット", [25, 150]),
    ],
  },
  {
    slug: "tv-video",
    words: w("TV & Video", "电视影音", "テレビ・映像機器"),
    nouns: [
      n("Streaming Stick", "电视棒", "ストリーミングスティック", [25, 60], "none"),
      n("TV Wall Mount", "电视挂架", "テレビ壁掛け金具", [20, 120], "none"),
    ],
  },
  {
    slug: "cameras",
    words: w("Camera & Photo", "相机摄影", "カメラ"),
    nouns: [
      n("Camera Tripod", "相机三脚架", "カメラ三脚", [18, 160]),
      n("Action Camera", "运动相机", "アクションカメラ", [60, 400], "none"),
    ],
  },
  {
    slug: "smart-home",
    words: w("Smart Home", "智能家居", "スマートホーム"),
    nouns: [
      n("Smart Plug", "智能插座", "スマートプラグ", [9, 35], "none"),
      n("Video Doorbell", "可视门铃", "ビデオドアベル", [40, 220], "none"),
    ],
  },
  {
    slug: "appliances",
    words: w("Appliances", "家用电器", "生活家電"),
    nouns: [
      n("Air Fryer", "空气炸锅", "ノンフライヤー", [45, 200]),
      n("Robot Vacuum", "扫地机器人", "ロボット掃除機", [120, 600], "none"),
    ],
  },
  {
    slug: "kitchen",
    words: w("Kitchen & Dining", "厨房餐饮", "キッチン用品"),
    nouns: [
      n("Chef Knife", "厨师刀", "牛刀包丁", [15, 150], "none"),
      n("Nonstick Frying Pan", "不粘锅", "フライパン", [18, 90], "size"),
    ],
  },
  {
    slug: "furniture",
    words: w("Furniture", "家具", "家具"),
    nouns: [
      n("Office Chair", "办公椅", "オフィスチェア", [70, 450]),
      n("Bookshelf", "书架", "本棚", [40, 300]),
    ],
  },
  {
    slug: "bedding",
    words: w("Bedding", "床上用品", "寝具"),
    nouns: [
      n("Duvet Cover Set", "被套套装", "掛け布団カバーセット", [25, 140], "size"),
      n("Memory Foam Pillow", "记忆棉枕头", "低反発枕", [20, 80], "none"),
    ],
  },
  {
    slug: "bath",
    words: w("Bath", "卫浴用品", "バス用品"),
    nouns: [
      n("Bath Towel Set", "浴巾套装", "バスタオルセット", [15, 70]),
      n("Bath Mat", "浴室地垫", "バスマット", [10, 45]),
    ],
  },
  {
    slug: "home-decor",
    words: w("Home Décor", "家居装饰", "インテリア雑貨"),
    nouns: [
      n("Wall Clock", "挂钟", "壁掛け時計", [15, 90]),
      n("Scented Candle", "香薰蜡烛", "アロマキャンドル", [8, 45], "none"),
    ],
  },
  {
    slug: "lighting",
    words: w("Lighting", "灯具照明", "照明"),
    nouns: [
      n("LED Desk Lamp", "LED台灯", "LEDデスクライト", [18, 90]),
      n("String Lights", "灯串", "ストリングライト", [8, 40], "none"),
    ],
  },
  {
    slug: "garden",
    words: w("Patio & Garden", "庭院园艺", "ガーデニング"),
    nouns: [
      n("Garden Hose", "园艺水管", "ガーデンホース", [20, 80], "size"),
      n("Solar Path Light", "太阳能草坪灯", "ソーラーガーデンライト", [15, 60], "none"),
    ],
  },
  {
    slug: "tools",
    words: w("Tools & Home Improvement", "五金工具", "DIY・工具"),
    nouns: [
      n("Cordless Drill", "无线电钻", "充電式ドリル", [40, 250], "none"),
      n("Tool Set", "工具套装", "工具セット", [25, 200], "none"),
    ],
  },
  {
    slug: "automotive",
    words: w("Automotive", "汽车用品", "カー用品"),
    nouns: [
      n("Car Phone Mount", "车载手机支架", "車載スマホホルダー", [10, 40]),
      n("Dash Cam", "行车记录仪", "ドライブレコーダー", [40, 250], "none"),
    ],
  },
  {
    slug: "sports",
    words: w("Sports & Outdoors", "运动户外", "スポーツ・アウトドア"),
    nouns: [
      n("Yoga Mat", "瑜伽垫", "ヨガマット", [15, 90]),
      n("Camping Tent", "露营帐篷", "キャンプテント", [60, 400], "size"),
    ],
  },
  {
    slug: "fitness",
    words: w("Exercise & Fitness", "健身器材", "フィットネス"),
    nouns: [
      n("Adjustable Dumbbells", "可调节哑铃", "可変式ダンベル", [50, 350], "none"),
      n("Resistance Bands", "弹力带", "トレーニングチューブ", [10, 40]),
    ],
  },
  {
    slug: "cycling",
    words: w("Cycling", "骑行装备", "自転車用品"),
    nouns: [
      n("Bike Helmet", "自行车头盔", "自転車ヘルメット", [25, 150], "size"),
      n("Bike Light", "自行车灯", "自転車ライト", [12, 60], "none"),
    ],
  },
  {
    slug: "toys",
    words: w("Toys & Games", "玩具游戏", "おもちゃ"),
    nouns: [
      n("Building Blocks", "积木", "ブロック玩具", [15, 120], "none"),
      n("Plush Toy", "毛绒玩具", "ぬいぐるみ", [10, 50]),
    ],
  },
  {
    slug: "baby",
    words: w("Baby", "母婴用品", "ベビー用品"),
    nouns: [
      n("Baby Stroller", "婴儿推车", "ベビーカー", [90, 600]),
      n("Baby Bottle", "婴儿奶瓶", "哺乳瓶", [8, 35], "size"),
    ],
  },
  {
    slug: "womens-clothing",
    words: w("Women's Clothing", "女装", "レディースファッション"),
    nouns: [
      n("Summer Dress", "连衣裙", "ワンピース", [20, 90], "size"),
      n("Knit Cardigan", "针织开衫", "ニットカーディガン", [25, 110], "size"),
    ],
  },
  {
    slug: "mens-clothing",
    words: w("Men's Clothing", "男装", "メンズファッション"),
    nouns: [
      n("Cotton T-Shirt", "纯棉T恤", "コットンTシャツ", [10, 45], "size"),
      n("Hooded Jacket", "连帽夹克", "フード付きジャケット", [35, 180], "size"),
    ],
  },
  {
    slug: "kids-clothing",
    words: w("Kids' Clothing", "童装", "キッズファッション"),
    nouns: [
      n("Kids Pajamas", "儿童睡衣", "キッズパジャマ", [12, 40], "size"),
      n("Kids Raincoat", "儿童雨衣", "キッズレインコート", [15, 50], "size"),
    ],
  },
  {
    slug: "shoes",
    words: w("Shoes", "鞋靴", "シューズ"),
    nouns: [
      n("Running Shoes", "跑步鞋", "ランニングシューズ", [40, 180], "size"),
      n("Leather Boots", "皮靴", "レザーブーツ", [60, 260], "size"),
    ],
  },
  {
    slug: "jewelry",
    words: w("Jewelry", "珠宝首饰", "ジュエリー"),
    nouns: [
      n("Silver Necklace", "银项链", "シルバーネックレス", [20, 200], "none"),
      n("Pearl Earrings", "珍珠耳环", "パールピアス", [15, 150], "none"),
    ],
  },
  {
    slug: "watches",
    words: w("Watches", "手表", "腕時計"),
    nouns: [
      n("Smart Watch", "智能手表", "スマートウォッチ", [40, 400]),
      n("Analog Watch", "石英手表", "アナログ腕時計", [30, 300]),
    ],
  },
  {
    slug: "luggage",
    words: w("Bags & Luggage", "箱包", "バッグ・スーツケース"),
    nouns: [
      n("Carry-On Suitcase", "登机箱", "機内持ち込みスーツケース", [60, 350]),
      n("Laptop Backpack", "电脑双肩包", "PCリュック", [25, 120]),
    ],
  },
  {
    slug: "beauty",
    words: w("Beauty", "美妆护肤", "コスメ"),
    nouns: [n("Lipstick", "口红", "口紅", [8, 45]), n("Face Serum", "精华液", "美容液", [12, 90], "none")],
  },
  {
    slug: "personal-care",
    words: w("Personal Care", "个人护理", "パーソナルケア"),
    nouns: [
      n("Electric Toothbrush", "电动牙刷", "電動歯ブラシ", [25, 200]),
      n("Hair Dryer", "吹风机", "ヘアドライヤー", [20, 300]),
    ],
  },
  {
    slug: "health",
    words: w("Health & Household", "健康保健", "ヘルスケア"),
    nouns: [
      n("Digital Thermometer", "电子体温计", "電子体温計", [8, 40], "none"),
      n("Massage Gun", "筋膜枪", "マッサージガン", [40, 250]),
    ],
  },
  {
    slug: "grocery",
    words: w("Grocery & Gourmet", "食品饮料", "食品・飲料"),
    nouns: [
      n("Green Tea", "绿茶", "緑茶", [5, 40], "none"),
      n("Dark Chocolate", "黑巧克力", "ダークチョコレート", [4, 30], "none"),
    ],
  },
  {
    slug: "pet-supplies",
    words: w("Pet Supplies", "宠物用品", "ペット用品"),
    nouns: [
      n("Cat Litter Mat", "猫砂垫", "猫砂マット", [10, 40]),
      n("Dog Leash", "狗绳", "犬用リード", [8, 35]),
    ],
  },
  {
    slug: "office",
    words: w("Office Products", "办公用品", "文房具・オフィス用品"),
    nouns: [
      n("Gel Pens", "中性笔", "ゲルインクボールペン", [5, 25]),
      n("Desk Organizer", "桌面收纳盒", "デスクオーガナイザー", [12, 50]),
    ],
  },
  {
    slug: "arts-crafts",
    words: w("Arts & Crafts", "手工艺品", "手芸・画材"),
    nouns: [
      n("Watercolor Paint Set", "水彩颜料套装", "水彩絵の具セット", [10, 60], "none"),
      n("Sketchbook", "素描本", "スケッチブック", [6, 30], "size"),
    ],
  },
  {
    slug: "books",
    words: w("Books", "图书", "本"),
    nouns: [
      n("Cookbook", "烹饪书", "料理本", [12, 45], "none"),
      n("Travel Guide", "旅行指南", "旅行ガイドブック", [10, 35], "none"),
    ],
  },
  {
    slug: "musical-instruments",
    words: w("Musical Instruments", "乐器", "楽器"),
    nouns: [
      n("Acoustic Guitar", "木吉他", "アコースティックギター", [90, 700]),
      n("Digital Piano", "电钢琴", "電子ピアノ", [250, 1500], "none"),
    ],
  },
  {
    slug: "party",
    words: w("Party Supplies", "派对用品", "パーティーグッズ"),
    nouns: [
      n("Balloon Set", "气球套装", "バルーンセット", [6, 30]),
      n("Party Banner", "派对横幅", "パーティーバナー", [5, 25]),
    ],
  },
  {
    slug: "industrial",
    words: w("Industrial & Scientific", "工业科学", "産業・研究開発用品"),
    nouns: [
      n("Safety Goggles", "护目镜", "保護メガネ", [6, 35], "none"),
      n("Digital Multimeter", "数字万用表", "デジタルマルチメーター", [15, 120], "none"),
    ],
  },
  {
    slug: "household",
    words: w("Household Essentials", "家庭日用", "日用品"),
    nouns: [
      n("Storage Bins", "收纳箱", "収納ボックス", [15, 60], "size"),
      n("Laundry Basket", "洗衣篮", "ランドリーバスケット", [12, 50]),
    ],
  },
  {
    slug: "outdoor-cooking",
    words: w("Outdoor Cooking", "户外烧烤", "アウトドア調理"),
    nouns: [
      n("Charcoal Grill", "木炭烤炉", "炭火グリル", [40, 350], "none"),
      n("Insulated Water Bottle", "保温水瓶", "保温ボトル", [12, 45]),
    ],
  },
];

/** Third-level categories are a product kind in a style: "Travel Wireless Earbuds". */
export const QUALIFIERS: readonly Words[] = [
  w("Classic", "经典款", "クラシック"),
  w("Pro", "专业版", "プロ仕様"),
  w("Mini", "迷你", "ミニ"),
  w("Kids", "儿童", "キッズ"),
  w("Travel", "旅行", "トラベル"),
  w("Eco", "环保", "エコ"),
  w("Premium", "高端", "プレミアム"),
  w("Compact", "便携", "コンパクト"),
];

export const COLORS: readonly Words[] = [
  w("Black", "黑色", "ブラック"),
  w("White", "白色", "ホワイト"),
  w("Red", "红色", "レッド"),
  w("Blue", "蓝色", "ブルー"),
  w("Green", "绿色", "グリーン"),
  w("Pink", "粉色", "ピンク"),
  w("Gray", "灰色", "グレー"),
  w("Beige", "米色", "ベージュ"),
];

export const SIZES = ["S", "M", "L", "XL", "XXL"] as const;

export const FEATURES: readonly Words[] = [
  w("Waterproof", "防水", "防水"),
  w("Lightweight", "轻便", "軽量"),
  w("Durable", "耐用", "丈夫で長持ち"),
  w("Fast Charging", "快速充电", "急速充電"),
  w("2-Year Warranty", "两年保修", "2年保証"),
  w("Eco-Friendly", "环保材质", "エコ素材"),
  w("Easy to Clean", "易清洁", "お手入れ簡単"),
  w("Gift Ready", "礼盒装", "ギフト対応"),
  w("Ultra Quiet", "超静音", "静音設計"),
  w("Non-Slip", "防滑", "滑り止め"),
];

export const BADGES: readonly Words[] = [
  w("SALE", "限时特价", "セール"),
  w("HOT", "热卖", "人気"),
  w("NEW", "新品上市", "新着"),
  w("BEST SELLER", "爆款", "ベストセラー"),
  w("LIMITED", "限量", "数量限定"),
];

export const FREE_SHIPPING: Words = w("Free Shipping", "包邮", "送料無料");
export const OFF: Words = w("OFF", "折", "OFF");

export const BRANDS: Record<Lang, readonly string[]> = {
  en: [
    "Norvale",
    "Kestrel",
    "Brightwell",
    "Copperleaf",
    "Dunmore",
    "Everpeak",
    "Foxglove",
    "Harborline",
    "Ironwood",
    "Juniper & Co",
    "Lumenary",
    "Maple Row",
    "Northwind",
    "Oakhurst",
    "Pinecrest",
    "Ridgeway",
    "Solstice",
    "Tidewater",
    "Vantor",
    "Wrenfield",
  ],
  zh: [
    "星辰",
    "华悦",
    "优品汇",
    "乐享",
    "金盾",
    "云端",
    "品尚",
    "瑞丰",
    "博雅",
    "极客派",
    "青木",
    "暖阳",
    "森屿",
    "锦程",
  ],
  ja: [
    "ミナト",
    "サクラ堂",
    "アオイ",
    "ヒカリ工房",
    "ツバキ",
    "コモレビ",
    "ハルカ",
    "ユキノ",
    "カエデ",
    "ミドリヤ",
    "シズク",
    "ソラノ",
  ],
};

/** Review sentences per language and sentiment (good for 4-5 stars, mixed for 3, bad for 1-2). */
export const REVIEW_LINES: Record<Lang, Record<"good" | "mixed" | "bad", readonly string[]>> = {
  en: {
    good: [
      "Exactly as described and arrived early.",
      "Great quality for the price, would buy again.",
      "Works perfectly, my whole family loves it.",
      "Solid build and looks even better in person.",
    ],
    mixed: [
      "Does the job, but the finish could be better.",
      "Decent value; the instructions were unclear.",
      "Okay overall, shipping took a while.",
    ],
    bad: [
      "Stopped working after two weeks.",
      "Not as pictured and the return was a hassle.",
      "Cheaply made, I would not recommend it.",
    ],
  },
  zh: {
    good: [
      "质量很好，和描述一致，物流很快。",
      "性价比超高，已经回购了。",
      "做工精细，家人都很喜欢。",
      "实物比图片还好看，推荐购买。",
    ],
    mixed: ["还可以，就是细节做工一般。", "东西不错，说明书看不太懂。", "整体满意，物流有点慢。"],
    bad: ["用了两周就坏了。", "和图片不符，退货很麻烦。", "做工粗糙，不推荐。"],
  },
  ja: {
    good: [
      "説明どおりの商品で、到着も早かったです。",
      "価格以上の品質で、リピート確定です。",
      "問題なく使えて家族も気に入っています。",
      "実物の方が写真より素敵でした。",
    ],
    mixed: [
      "使えますが、仕上げがもう少し丁寧だと嬉しいです。",
      "悪くないですが、説明書がわかりにくいです。",
      "全体的に満足ですが、配送に時間がかかりました。",
    ],
    bad: ["2週間で壊れてしまいました。", "写真と違い、返品も面倒でした。", "作りが雑でおすすめできません。"],
  },
};

export const REVIEW_TITLES: Record<Lang, Record<"good" | "mixed" | "bad", string>> = {
  en: { good: "Love it", mixed: "It's okay", bad: "Disappointed" },
  zh: { good: "非常满意", mixed: "还行", bad: "失望" },
  ja: { good: "大満足", mixed: "まあまあ", bad: "残念" },
};

export const REVIEWER_NAMES: Record<Lang, readonly string[]> = {
  en: ["Alex M.", "Jordan K.", "Sam P.", "Taylor R.", "Casey L.", "Morgan D.", "Riley S.", "Jamie T."],
  zh: ["王**", "李**", "张**", "刘**", "陈**", "杨**", "赵**", "黄**"],
  ja: ["さくら", "たろう", "みき", "ゆうと", "はるな", "けんじ", "あやか", "しょう"],
};
