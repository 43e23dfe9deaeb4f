/**
 * The development set: product-image phrases written for this project (and lines of the real OCR fixtures
 * in test/fixtures/real-images), with the translation a native shop would write. The glossary was tuned
 * on these; the held-out evaluation (npm run eval:translate) never was.
 */
export interface DevCase {
  text: string;
  source: "zh" | "zh-TW" | "ja" | "en";
  target: "ko" | "en" | "ja" | "zh-CN" | "zh-TW";
  expected: string;
}

export const DEV_SET: DevCase[] = [
  // Chinese -> Korean: promotions, prices, shipping
  { text: "全国包邮", source: "zh", target: "ko", expected: "전국 무료배송" },
  { text: "满200减30", source: "zh", target: "ko", expected: "200위안 이상 구매 시 30위안 할인" },
  { text: "3件8折", source: "zh", target: "ko", expected: "3개 구매 시 20% 할인" },
  { text: "买一送一", source: "zh", target: "ko", expected: "1+1" },
  { text: "买二送一", source: "zh", target: "ko", expected: "2+1" },
  { text: "第二件半价", source: "zh", target: "ko", expected: "두 번째 상품 반값" },
  { text: "限时秒杀", source: "zh", target: "ko", expected: "타임 특가" },
  { text: "今日下单188元", source: "zh", target: "ko", expected: "오늘 주문 시 188위안" },
  { text: "仅限一天", source: "zh", target: "ko", expected: "단 하루" },
  { text: "100%桑蚕丝", source: "zh", target: "ko", expected: "실크 100%" },
  { text: "精选优质面料", source: "zh", target: "ko", expected: "엄선된 고급 원단" },
  { text: "赠送现金券", source: "zh", target: "ko", expected: "현금 쿠폰 증정" },
  { text: "【全国包邮】", source: "zh", target: "ko", expected: "【전국 무료배송】" },
  { text: "7天无理由退换", source: "zh", target: "ko", expected: "7일 무조건 반품·교환" },
  { text: "假一赔十", source: "zh", target: "ko", expected: "가품 시 10배 보상" },
  { text: "不锈钢机身", source: "zh", target: "ko", expected: "스테인리스 본체" },
  { text: "最高洗涤温度30°C", source: "zh", target: "ko", expected: "최고 세탁 온도 30°C" },
  { text: "-40°C深度防冻不结冰", source: "zh", target: "ko", expected: "-40°C 강력 동결 방지 얼지 않는" },
  {
    text: "全场跨店每满200减20",
    source: "zh",
    target: "ko",
    expected: "전 상품 스토어 합산 200위안마다 20위안 할인",
  },
  { text: "送运费险", source: "zh", target: "ko", expected: "반품 배송비 보험 증정" },
  { text: "两件套", source: "zh", target: "ko", expected: "투피스 세트" },
  { text: "净含量500毫升", source: "zh", target: "ko", expected: "내용량 500ml" },
  { text: "3斤装", source: "zh", target: "ko", expected: "1.5kg" },
  { text: "低至5折", source: "zh", target: "ko", expected: "최대 50% 할인" },
  // Traditional Chinese reads through the same glossary
  { text: "全館免運", source: "zh-TW", target: "ko", expected: "전 상품 무료배송" },
  { text: "限時搶購", source: "zh-TW", target: "ko", expected: "타임 특가" },
  // Chinese -> English and Japanese
  { text: "全国包邮", source: "zh", target: "en", expected: "Free Shipping Nationwide" },
  { text: "满200减30", source: "zh", target: "en", expected: "¥30 off orders over ¥200" },
  { text: "买一送一", source: "zh", target: "en", expected: "Buy 1 Get 1 Free" },
  { text: "3件8折", source: "zh", target: "ja", expected: "3点で20%OFF" },
  { text: "新品上市", source: "zh", target: "ja", expected: "新発売" },
  // Chinese between its scripts
  { text: "全场包邮 优质面料", source: "zh", target: "zh-TW", expected: "全場包郵 優質面料" },
  // Japanese -> Korean
  { text: "送料無料", source: "ja", target: "ko", expected: "무료배송" },
  { text: "2点以上で10%OFF", source: "ja", target: "ko", expected: "2개 이상 구매 시 10% 할인" },
  { text: "ポイント10倍", source: "ja", target: "ko", expected: "포인트 10배" },
  { text: "楽天ランキング1位", source: "ja", target: "ko", expected: "라쿠텐 랭킹 1위" },
  { text: "最大50%OFF", source: "ja", target: "ko", expected: "최대 50% 할인" },
  { text: "3,980円(税込)", source: "ja", target: "ko", expected: "3,980엔 (세금 포함)" },
  {
    text: "5,000円以上のご購入で送料無料",
    source: "ja",
    target: "ko",
    expected: "5,000엔 이상 구매 시 무료배송",
  },
  { text: "日本製", source: "ja", target: "ko", expected: "일본산" },
  { text: "即日発送", source: "ja", target: "ko", expected: "당일 발송" },
  { text: "ポイ捨て禁止！", source: "ja", target: "ko", expected: "쓰레기 투기 금지!" },
  // Japanese -> English
  { text: "送料無料", source: "ja", target: "en", expected: "Free Shipping" },
  { text: "2点以上で10%OFF", source: "ja", target: "en", expected: "10% off when you buy 2 or more" },
  { text: "ポイント10倍", source: "ja", target: "en", expected: "10x points" },
  // English -> Korean, Chinese, Japanese
  { text: "Free Shipping", source: "en", target: "ko", expected: "무료배송" },
  { text: "Buy 2 Get 1 Free", source: "en", target: "ko", expected: "2+1" },
  { text: "20% OFF", source: "en", target: "ko", expected: "20% 할인" },
  { text: "Up to 50% off", source: "en", target: "ko", expected: "최대 50% 할인" },
  { text: "Pack of 3", source: "en", target: "ko", expected: "3개입" },
  { text: "2 Year Warranty", source: "en", target: "ko", expected: "2년 보증" },
  { text: "20% OFF", source: "en", target: "zh-CN", expected: "8折" },
  { text: "Buy 2 Get 1 Free", source: "en", target: "zh-CN", expected: "买2送1" },
  { text: "Free Shipping", source: "en", target: "ja", expected: "送料無料" },
];
