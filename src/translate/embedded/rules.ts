/**
 * Rules for what a glossary cannot list: prices, discounts and promotion patterns built around numbers
 * (满200减30, 3件8折, 2点以上で10%OFF, Buy 2 Get 1 Free), dates, and units. Each rule is a sticky regular
 * expression tried at a position of the normalized source; it renders the match for each output language
 * as a Korean, Japanese, Chinese or American shop would write it.
 */
import type { Family, OutLang, Pos } from "./lexicon.ts";
import {
  CN_NUMERAL,
  digits,
  englishMonth,
  groupThousands,
  ordinal,
  parseAnyNumber,
  percentOffToZhe,
  zheToPercentOff,
} from "./numbers.ts";

export type Render = (lang: OutLang) => string | undefined;

export interface RuleMatch {
  rule: string;
  length: number;
  pos: Pos;
  render: Render;
  /** Numbers keep their own token kind so a classifier after them can attach. */
  number?: number;
}

interface Rule {
  name: string;
  families: readonly Family[];
  re: RegExp;
  pos?: Pos;
  build(m: RegExpExecArray): Render | undefined;
  number?: (m: RegExpExecArray) => number | undefined;
}

const NUM = "(\\d+(?:\\.\\d+)?)";
const JA_BUYER_VERB: Record<string, string> = {
  구매: "購入",
  선택: "選択",
  재구매: "リピート",
  호평: "高評価",
  추천: "おすすめ",
};
const CNUM = `(\\d+|${CN_NUMERAL})`;
const OFF = "(?:\\s?(?:OFF|off|Off|オフ))";

/** Renders from a table of per-language strings; `zh` defaults to the source as written. */
function table(m: RegExpExecArray, t: Partial<Record<OutLang, string>>): Render {
  return (lang) => t[lang] ?? (lang === "zh" ? m[0] : undefined);
}

const g = (m: RegExpExecArray, i: number): string => m[i] ?? "";

const RULES: Rule[] = [
  // --- Chinese promotions ---
  {
    name: "zh-full-reduction",
    families: ["zh"],
    // 滿$1000折$100 (Taiwan): 折 before an amount of money takes it off, as 减 does; the dollar sign stays.
    re: /(每)?满((?:NT|HK)?\$)?(\d+(?:\.\d+)?)元?(?:立)?(?:减|(?:现)?折(?=(?:NT|HK)?\$|\d+(?:\.\d+)?元))((?:NT|HK)?\$)?(\d+(?:\.\d+)?)元?/y,
    build: (m) => {
      const [every, a, b] = [g(m, 1), g(m, 3), g(m, 5)];
      const dollar = g(m, 2) || g(m, 4);
      if (dollar) {
        const [x, y] = [`${dollar}${a}`, `${dollar}${b}`];
        return table(
          m,
          every
            ? { ko: `${x}마다 ${y} 할인`, en: `${y} off every ${x}`, ja: `${x}ごとに${y}引き` }
            : {
                ko: `${x} 이상 구매 시 ${y} 할인`,
                en: `${y} off orders over ${x}`,
                ja: `${x}以上で${y}引き`,
              },
        );
      }
      return table(
        m,
        every
          ? { ko: `${a}위안마다 ${b}위안 할인`, en: `¥${b} off every ¥${a}`, ja: `${a}元ごとに${b}元引き` }
          : {
              ko: `${a}위안 이상 구매 시 ${b}위안 할인`,
              en: `¥${b} off orders over ¥${a}`,
              ja: `${a}元以上で${b}元引き`,
            },
      );
    },
  },
  {
    name: "zh-spend-get",
    families: ["zh"],
    // 满1000元送500元券: what is given may be a coupon (500위안 쿠폰 증정, not 500위안 증정 쿠폰).
    re: new RegExp(`满${CNUM}元?(?:送|赠)${CNUM}元?(优惠券|券|红包)?`, "y"),
    build: (m) => {
      const [a, b] = [digits(g(m, 1)), digits(g(m, 2))];
      const coupon = g(m, 3) !== "";
      return table(m, {
        ko: `${a}위안 이상 구매 시 ${b}위안${coupon ? " 쿠폰" : ""} 증정`,
        en: `Spend ¥${a}, Get ¥${b}${coupon ? " Coupon" : ""}`,
        ja: `${a}元以上で${b}元${coupon ? "クーポン" : ""}プレゼント`,
      });
    },
  },
  {
    name: "zh-free-shipping-threshold",
    families: ["zh"],
    // Taiwan writes 免運 and the dollar sign (滿$999免運, 滿NT$1000免運): the amount as written.
    re: new RegExp(`满?((?:NT|HK)?\\$)?${CNUM}(元|件)?(?:即)?(?:包邮|免邮|免运费|免运)`, "y"),
    build: (m) => {
      const sign = g(m, 1);
      const n = digits(g(m, 2));
      if (sign && !g(m, 3)) {
        const more = m[0].startsWith("满");
        return table(m, {
          ko: `${sign}${n}${more ? " 이상" : ""} 무료배송`,
          en: more ? `Free shipping over ${sign}${n}` : `${sign}${n} with Free Shipping`,
          ja: `${sign}${n}${more ? "以上で" : " "}送料無料`,
        });
      }
      if (g(m, 3) === "件")
        return table(m, {
          ko: `${n}개 이상 무료배송`,
          en: `Free shipping on ${n}+ items`,
          ja: `${n}点以上で送料無料`,
        });
      // 满99元包邮 is a threshold; 99元包邮 is a price that includes shipping.
      return m[0].startsWith("满")
        ? table(m, {
            ko: `${n}위안 이상 무료배송`,
            en: `Free shipping over ¥${n}`,
            ja: `${n}元以上で送料無料`,
          })
        : table(m, { ko: `${n}위안 무료배송`, en: `¥${n} with Free Shipping`, ja: `${n}元 送料無料` });
    },
  },
  {
    name: "zh-n-items-discount",
    families: ["zh"],
    re: new RegExp(`(?:满|买|购买|购)?${CNUM}件(?:及以上)?(?:打|享)?${NUM}折`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      const pct = zheToPercentOff(g(m, 2));
      if (pct === undefined) return undefined;
      const more = m[0].startsWith("满");
      return table(m, {
        ko: `${n}개${more ? " 이상" : ""} 구매 시 ${pct}% 할인`,
        en: `${pct}% off when you buy ${n}${more ? " or more" : ""}`,
        ja: `${n}点${more ? "以上" : ""}で${pct}%OFF`,
      });
    },
  },
  {
    name: "zh-deposit-offset",
    families: ["zh"],
    // 定金50抵100, 10元抵30元: a deposit (or coupon) that counts for more at checkout (膨胀).
    re: /(定金|订金)?(\d+(?:\.\d+)?)元?抵(\d+(?:\.\d+)?)元?/y,
    build: (m) => {
      const [deposit, a, b] = [g(m, 1), g(m, 2), g(m, 3)];
      return table(m, {
        ko: `${deposit ? "예약금 " : ""}${a}위안으로 ${b}위안 할인`,
        en: `${deposit ? "Deposit " : ""}¥${a} Counts as ¥${b}`,
        ja: `${deposit ? "予約金" : ""}${a}元で${b}元分`,
      });
    },
  },
  {
    name: "zh-instant-discount",
    families: ["zh"],
    // 下单立享9折, 领券立享8折: a discount at once, and what earns it first (주문 시 10% 할인).
    re: new RegExp(`(领券|领劵|下单|拍下|购买|付款)?(?:立享|即享|立打)${NUM}折`, "y"),
    build: (m) => {
      const pct = zheToPercentOff(g(m, 2));
      if (pct === undefined) return undefined;
      const how = g(m, 1);
      const ko = how
        ? how.startsWith("领")
          ? "쿠폰 받고 "
          : how === "下单"
            ? "주문 시 "
            : "구매 시 "
        : "즉시 ";
      const en = how ? (how.startsWith("领") ? "Coupon: " : "On Order: ") : "";
      return table(m, { ko: `${ko}${pct}% 할인`, en: `${en}${pct}% off`, ja: `${pct}%OFF` });
    },
  },
  {
    name: "zh-discount",
    families: ["zh"],
    // 下杀 (Taiwan: prices slashed down to) says what 低至 says; with 起 as well, "up to" once.
    re: new RegExp(`(低至|下杀|全场|全面)?(?:打)?${NUM}折(起)?`, "y"),
    build: (m) => {
      const pct = zheToPercentOff(g(m, 2));
      if (pct === undefined) return undefined;
      const upTo = g(m, 1) === "低至" || g(m, 1) === "下杀";
      const from = g(m, 3) === "起" && !upTo;
      const all = g(m, 1) === "全场" || g(m, 1) === "全面";
      return table(m, {
        ko: `${all ? "전 상품 " : ""}${upTo ? "최대 " : ""}${pct}% 할인${from ? "부터" : ""}`,
        en: `${all ? "Storewide " : ""}${upTo ? "Up to " : ""}${pct}% off${from ? " and more" : ""}`,
        ja: `${all ? "全品" : ""}${upTo ? "最大" : ""}${pct}%OFF${from ? "〜" : ""}`,
      });
    },
  },
  {
    name: "zh-order-ship",
    families: ["zh"],
    re: new RegExp(`拍${CNUM}(?:件|个)?发${CNUM}(?:件|个)?`, "y"),
    build: (m) => {
      const [a, b] = [digits(g(m, 1)), digits(g(m, 2))];
      return table(m, {
        ko: `${a}개 주문 시 ${b}개 발송`,
        en: `Order ${a}, Get ${b}`,
        ja: `${a}点注文で${b}点発送`,
      });
    },
  },
  {
    name: "zh-spend-threshold",
    families: ["zh"],
    // 满500元送礼品, 满200可用: the threshold before what it unlocks.
    re: /满(\d+(?:\.\d+)?)元?(?:即|就)?(?=送|赠|可用|可享|享|使用|立享)/y,
    build: (m) =>
      table(m, { ko: `${g(m, 1)}위안 이상 구매 시`, en: `Spend ¥${g(m, 1)}:`, ja: `${g(m, 1)}元以上で` }),
  },
  {
    name: "zh-threshold",
    families: ["zh"],
    re: /满(\d+(?:\.\d+)?)元/y,
    build: (m) => table(m, { ko: `${g(m, 1)}위안 이상`, en: `Over ¥${g(m, 1)}`, ja: `${g(m, 1)}元以上` }),
  },
  {
    name: "zh-extra-off",
    families: ["zh"],
    re: /(?:再减|再省|再优惠|叠加减)(\d+(?:\.\d+)?)元?/y,
    build: (m) =>
      table(m, { ko: `${g(m, 1)}위안 추가 할인`, en: `Extra ¥${g(m, 1)} Off`, ja: `さらに${g(m, 1)}元引き` }),
  },
  {
    name: "zh-save",
    families: ["zh"],
    re: /(?:省|节省|立省)(\d+(?:\.\d+)?)元/y,
    build: (m) => table(m, { ko: `${g(m, 1)}위안 절약`, en: `Save ¥${g(m, 1)}`, ja: `${g(m, 1)}元お得` }),
  },
  {
    name: "zh-countdown",
    families: ["zh"],
    // 倒數3天, 倒计时2天: that many days (hours) are left.
    re: new RegExp(`倒(?:数|计时)${CNUM}(天|日|小时)`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      const hours = g(m, 2) === "小时";
      return table(m, {
        ko: `${n}${hours ? "시간" : "일"} 남음`,
        en: `${n} ${hours ? "Hours" : "Days"} Left`,
        ja: `残り${n}${hours ? "時間" : "日"}`,
      });
    },
  },
  {
    name: "zh-consecutive",
    families: ["zh"],
    re: new RegExp(`连续${CNUM}(年|个月|月|天|周)`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      const u: Record<string, [string, string, string]> = {
        年: ["년", "years", "年"],
        个月: ["개월", "months", "ヶ月"],
        月: ["개월", "months", "ヶ月"],
        天: ["일", "days", "日"],
        周: ["주", "weeks", "週"],
      };
      const [ko, en, ja] = u[g(m, 2)] ?? ["", "", ""];
      return table(m, { ko: `${n}${ko} 연속`, en: `${n} ${en} in a row`, ja: `${n}${ja}連続` });
    },
  },
  {
    name: "zh-buy-get",
    families: ["zh"],
    re: new RegExp(`买${CNUM}(?:件|个)?(?:赠|送)${CNUM}(?:件|个)?`, "y"),
    build: (m) => {
      const [a, b] = [digits(g(m, 1)), digits(g(m, 2))];
      return table(m, { ko: `${a}+${b}`, en: `Buy ${a} Get ${b} Free`, ja: `${a}点購入で${b}点プレゼント` });
    },
  },
  {
    name: "zh-buy-free",
    families: ["zh"],
    // 买三免一: of three bought, one is free (not 3+1, where the free one comes on top).
    re: new RegExp(`买${CNUM}(?:件|个)?免${CNUM}(?:件|个)?`, "y"),
    build: (m) => {
      const [a, b] = [digits(g(m, 1)), digits(g(m, 2))];
      return table(m, {
        ko: `${a}개 구매 시 ${b}개 무료`,
        en: `Buy ${a}, ${b} Free`,
        ja: `${a}点購入で${b}点無料`,
      });
    },
  },
  {
    name: "zh-buy-n-then",
    families: ["zh"],
    // 拍2件更划算, 买3件更优惠: a count bought, then what it brings (2개 구매 시 더 이득), where no
    // discount rule reads the whole phrase.
    re: new RegExp(`(?:拍|买|购买|下单)${CNUM}(?:件|个|份|套|盒|瓶|袋)(?=更|再|立|享|送|赠|包邮|免)`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      return table(m, { ko: `${n}개 구매 시`, en: `Buy ${n}:`, ja: `${n}点購入で` });
    },
  },
  {
    name: "zh-nth-item",
    families: ["zh"],
    re: new RegExp(`第${CNUM}件(半价|0元|免费|${NUM}折|${NUM}元)`, "y"),
    build: (m) => {
      const n = parseAnyNumber(g(m, 1));
      if (n === undefined) return undefined;
      const koNth = ["", "첫", "두", "세", "네", "다섯"][n] ?? `${n}`;
      const what = g(m, 2);
      if (what === "半价")
        return table(m, {
          ko: `${koNth} 번째 상품 반값`,
          en: `${ordinal(n)} item half price`,
          ja: `${n}点目半額`,
        });
      if (what === "0元" || what === "免费")
        return table(m, { ko: `${koNth} 번째 상품 무료`, en: `${ordinal(n)} item free`, ja: `${n}点目無料` });
      const price = g(m, 4);
      if (price)
        return table(m, {
          ko: `${koNth} 번째 상품 ${price}위안`,
          en: `${ordinal(n)} item ¥${price}`,
          ja: `${n}点目${price}元`,
        });
      const pct = zheToPercentOff(g(m, 3));
      if (pct === undefined) return undefined;
      return table(m, {
        ko: `${koNth} 번째 상품 ${pct}% 할인`,
        en: `${ordinal(n)} item ${pct}% off`,
        ja: `${n}点目${pct}%OFF`,
      });
    },
  },
  {
    name: "zh-add-for-more",
    families: ["zh"],
    re: new RegExp(`加${NUM}元(?:多|送|得)${CNUM}(?:件|个|份)?`, "y"),
    build: (m) => {
      const [price, n] = [g(m, 1), digits(g(m, 2))];
      return table(m, {
        ko: `${price}위안 추가 시 ${n}개 더`,
        en: `Add ¥${price} for ${n} More`,
        ja: `+${price}元でもう${n}点`,
      });
    },
  },
  {
    name: "zh-review-cashback",
    families: ["zh"],
    re: /好评(?:返现?|送)(\d+(?:\.\d+)?)元?/y,
    build: (m) =>
      table(m, {
        ko: `리뷰 작성 시 ${g(m, 1)}위안 환급`,
        en: `¥${g(m, 1)} Back for a Review`,
        ja: `レビューで${g(m, 1)}元キャッシュバック`,
      }),
  },
  {
    name: "zh-purchase-limit",
    families: ["zh"],
    re: new RegExp(`(每人|每个ID|每个账号)?限购${CNUM}(?:件|个|份|套|盒|瓶)`, "y"),
    build: (m) => {
      const n = digits(g(m, 2));
      return g(m, 1)
        ? table(m, { ko: `1인 ${n}개 한정`, en: `Limit ${n} per Customer`, ja: `お一人様${n}点限り` })
        : table(m, { ko: `${n}개 한정 구매`, en: `Limit ${n}`, ja: `${n}点限り` });
    },
  },
  {
    name: "zh-only-left",
    families: ["zh"],
    re: new RegExp(`(?:仅剩|只剩|还剩|剩余)${CNUM}(件|个|天|小时|份|台)`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      const unit: Record<string, Partial<Record<OutLang, string>>> = {
        件: { ko: "개", en: "left", ja: "点" },
        个: { ko: "개", en: "left", ja: "個" },
        份: { ko: "개", en: "left", ja: "点" },
        台: { ko: "대", en: "left", ja: "台" },
        天: { ko: "일", en: "days left", ja: "日" },
        小时: { ko: "시간", en: "hours left", ja: "時間" },
      };
      const u = unit[g(m, 2)] ?? {};
      return table(m, { ko: `단 ${n}${u.ko} 남음`, en: `Only ${n} ${u.en}`, ja: `残り${n}${u.ja}` });
    },
  },
  {
    name: "zh-dimension",
    families: ["zh"],
    re: /(长度|宽度|高度|厚度|深度|长|宽|高|厚|深|重|直径)(?:约|:|：)?(?=\s?\d)/y,
    build: (m) => {
      const t: Record<string, Partial<Record<OutLang, string>>> = {
        长: { ko: "길이", en: "Length", ja: "長さ" },
        宽: { ko: "폭", en: "Width", ja: "幅" },
        高: { ko: "높이", en: "Height", ja: "高さ" },
        厚: { ko: "두께", en: "Thickness", ja: "厚さ" },
        深: { ko: "깊이", en: "Depth", ja: "深さ" },
        重: { ko: "무게", en: "Weight", ja: "重さ" },
        直径: { ko: "지름", en: "Diameter", ja: "直径" },
      };
      const w = t[g(m, 1)[0] === "直" ? "直径" : (g(m, 1)[0] ?? "")];
      if (!w) return undefined;
      const approx = m[0].includes("约");
      return (lang) => {
        if (lang === "zh") return m[0];
        const word = w[lang];
        return word === undefined
          ? undefined
          : `${word}${approx ? (lang === "ko" ? " 약" : lang === "en" ? " approx." : "約") : ""}`;
      };
    },
  },
  {
    name: "zh-n-items-off",
    families: ["zh"],
    re: new RegExp(`(满)?${CNUM}件(?:立)?减${NUM}元?`, "y"),
    build: (m) => {
      const [more, n, off] = [g(m, 1), digits(g(m, 2)), g(m, 3)];
      return table(m, {
        ko: `${n}개${more ? " 이상" : ""} 구매 시 ${off}위안 할인`,
        en: `¥${off} off when you buy ${n}${more ? " or more" : ""}`,
        ja: `${n}点${more ? "以上" : ""}で${off}元引き`,
      });
    },
  },
  {
    name: "zh-worth",
    families: ["zh"],
    re: /价值(\d+(?:\.\d+)?)元?(?:的)?/y,
    build: (m) => table(m, { ko: `${g(m, 1)}위안 상당`, en: `Worth ¥${g(m, 1)}`, ja: `${g(m, 1)}元相当` }),
  },
  {
    name: "zh-first-n",
    families: ["zh"],
    re: new RegExp(`(?:仅限)?前${CNUM}(名|位|件|个|小时|分钟|天)`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      const unit = g(m, 2);
      if (unit === "小时" || unit === "分钟" || unit === "天") {
        const t: Record<string, Partial<Record<OutLang, string>>> = {
          小时: { ko: `처음 ${n}시간`, en: `First ${n} Hours`, ja: `最初の${n}時間` },
          分钟: { ko: `처음 ${n}분`, en: `First ${n} Minutes`, ja: `最初の${n}分` },
          天: { ko: `처음 ${n}일`, en: `First ${n} Days`, ja: `最初の${n}日` },
        };
        return table(m, t[unit] ?? {});
      }
      const counter = unit === "名" || unit === "位" ? "명" : "개";
      return table(m, { ko: `선착순 ${n}${counter}`, en: `First ${n} Buyers`, ja: `先着${n}名` });
    },
  },
  {
    name: "zh-sale-price",
    families: ["zh"],
    // 只需2粒 is a dose, not a price: without 元 the number must end the phrase.
    re: /(?:仅售|只售|售价|仅需|只需|到手仅需)(\d+(?:\.\d+)?)(?:元|(?=$|[\s,，。.!！;；]))/y,
    build: (m) => table(m, { ko: `단 ${g(m, 1)}위안`, en: `Only ¥${g(m, 1)}`, ja: `わずか${g(m, 1)}元` }),
  },
  {
    name: "zh-instant-reduction",
    families: ["zh"],
    // 领券立减50元, 下单立减20元: what earns the reduction comes first (쿠폰 받고, 주문 시).
    // 领券减50 says the same with 减 alone; without what earns it a bare 减50 stays to the other rules.
    // 現折100元 (Taiwan: taken off at once) reads as 立减.
    // 直降50%: a percentage comes off the price (50% 즉시 할인), not yuan.
    re: /(领券|领劵|下单|拍下|购买|付款)?(立减|直降|立省|现折|减)(\d+(?:\.\d+)?)(%)?(?![\d.])元?/y,
    build: (m) => {
      const n = g(m, 3);
      const how = g(m, 1);
      if (g(m, 2) === "减" && !how) return undefined;
      if (g(m, 4)) return table(m, { ko: `${n}% 즉시 할인`, en: `${n}% off`, ja: `${n}%OFF` });
      const ko = how ? (how.startsWith("领") ? "쿠폰 받고 " : how === "下单" ? "주문 시 " : "구매 시 ") : "";
      const en = how ? (how.startsWith("领") ? "Coupon: " : "On Order: ") : "";
      const ja = how ? (how.startsWith("领") ? "クーポンで" : "注文で") : "";
      const now = g(m, 2) === "减" ? "" : "즉시 ";
      return table(m, { ko: `${ko}${n}위안 ${now}할인`, en: `${en}¥${n} off`, ja: `${ja}${n}元引き` });
    },
  },
  {
    name: "zh-top-n",
    families: ["zh"],
    // 八大功效, 三大优势: the N great ones, Korean 8대 효과 (the noun follows as its own piece); 一大亮点
    // is "a big highlight", not one of them.
    re: new RegExp(`(?!一大)${CNUM}大(?=[\\p{Script=Han}])(?!小|号|码|型|容量|屏|尺寸)`, "uy"),
    build: (m) => {
      const n = digits(g(m, 1));
      return table(m, { ko: `${n}대`, en: `${n} Key`, ja: `${n}大` });
    },
  },
  {
    name: "zh-limited-quantity",
    families: ["zh"],
    // 限量100件: Korean shops put the count first (100개 한정).
    re: new RegExp(`(?:限量|限售|仅限)${CNUM}(?:件|个|份|台|套|瓶|盒|双)`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      return table(m, { ko: `${n}개 한정`, en: `Limited to ${n}`, ja: `${n}点限定` });
    },
  },
  {
    name: "zh-sold-count",
    families: ["zh"],
    // 已售10万+, 累计热销5000件: the count sold, said before the verb in Korean (10만+ 판매).
    // 热销百万件: a count of ten thousands may be in Chinese numerals (100만개 판매).
    re: /(?:已售|已抢|累计销售|累计热销|累计售出|热销)(?:(\d+(?:\.\d+)?|百|千|十)?(万)|(\d+(?:\.\d+)?))(\+)?(件|单|份)?(\+)?/y,
    build: (m) => {
      const big = g(m, 2) === "万";
      const count = big ? ({ 百: "100", 千: "1000", 十: "10" }[g(m, 1)] ?? (g(m, 1) || "1")) : g(m, 3);
      const plus = g(m, 4) || g(m, 6);
      const n = `${count}${big ? "만" : ""}${g(m, 5) && !plus ? "개" : ""}`;
      const en = `${big ? groupThousands(Number(count) * 10000) : count}${plus}`;
      return table(m, {
        ko: `${n}${plus} 판매`,
        en: `${en} Sold`,
        ja: `${count}${big ? "万" : ""}${plus}個販売`,
      });
    },
  },
  {
    name: "zh-buyer-count",
    families: ["zh"],
    // 已有10000+人购买, 超5万人好评: how many people bought, the count first in Korean (1만+명 구매).
    re: /(?:已有|已经有|超过|超|累计)?(\d+(?:\.\d+)?)(万)?(\+)?人(?:已)?(购买|付款|选择|回购|好评|推荐)/y,
    build: (m) => {
      const n = `${g(m, 1)}${g(m, 2) ? "만" : ""}${g(m, 3)}`;
      const verb = { 购买: "구매", 付款: "구매", 选择: "선택", 回购: "재구매", 好评: "호평", 推荐: "추천" }[
        g(m, 4) as "购买"
      ];
      const enVerb = {
        구매: "Bought",
        선택: "Chose",
        재구매: "Repurchased",
        호평: "Rated It Well",
        추천: "Recommend",
      }[verb];
      const en = `${g(m, 2) ? groupThousands(Number(g(m, 1)) * 10000) : g(m, 1)}${g(m, 3)} People ${enVerb}`;
      return table(m, {
        ko: `${n}명 ${verb}`,
        en,
        ja: `${g(m, 1)}${g(m, 2)}${g(m, 3)}人が${JA_BUYER_VERB[verb]}`,
      });
    },
  },
  {
    name: "zh-interest-free",
    families: ["zh"],
    // 3期免息, 12期分期免息, and as Taiwan writes it 分12期0利率, 分6期: monthly instalments (without
    // interest). A bare 3期 is an issue or a phase, so without 免息 it takes 分.
    re: new RegExp(`(分)?${CNUM}期(?:分期)?(免息|0利率|零利率)?`, "y"),
    build: (m) => {
      const n = digits(g(m, 2));
      if (!g(m, 1) && !g(m, 3)) return undefined;
      if (!g(m, 3)) return table(m, { ko: `${n}개월 할부`, en: `${n}-Month Installments`, ja: `${n}回分割` });
      return table(m, {
        ko: `${n}개월 무이자 할부`,
        en: `${n}-Month Interest-Free Installments`,
        ja: `${n}回分割手数料無料`,
      });
    },
  },
  {
    name: "zh-choose-one",
    families: ["zh"],
    // 好禮二選一, 三選一 (Taiwan's gift offers): one of N to choose (3종 중 택1).
    re: new RegExp(`${CNUM}选(?:一|1)`, "y"),
    build: (m) => {
      const n = digits(g(m, 1));
      return table(m, { ko: `${n}종 중 택1`, en: `Choose 1 of ${n}`, ja: `${n}種から1つ選べる` });
    },
  },
  {
    name: "zh-people-fit",
    families: ["zh"],
    // 适合2-3人使用, 适用3-5人: a size for that many people (2-3인용), not "suited to ... use".
    re: /(?:适合|适用于|适用|可供)(\d+)(?:\s?[-~～到至]\s?(\d+))?人(?:使用|食用|用)?/y,
    build: (m) => {
      const n = g(m, 2) ? `${g(m, 1)}-${g(m, 2)}` : g(m, 1);
      return table(m, { ko: `${n}인용`, en: `For ${n} People`, ja: `${n}人用` });
    },
  },
  {
    name: "zh-breakthrough",
    families: ["zh"],
    // 销量破10万, 回购率破90%, 破万 (Taiwan and Hong Kong shops): a count passed, 돌파 after it in Korean.
    // 热销突破10万组: what was sold passed the count (10만 세트 판매 돌파).
    re: /(热销|热卖|销售|售出)?(?:突破|破)(?:(\d+(?:\.\d+)?)(万|亿)?(\+|%)?|(百万|千万|万|千|百|亿))(件|个|组|套|份|单|人)?/y,
    build: (m) => {
      const [sold, n, big, mark, bare] = [g(m, 1), g(m, 2), g(m, 3), g(m, 4), g(m, 5)];
      // 突破10万组: the thing counted stays with its count (10만 세트 돌파).
      const counter =
        { 件: "개", 个: "개", 组: " 세트", 套: " 세트", 份: "개", 单: "건", 人: "명" }[g(m, 6) as "件"] ?? "";
      const ko =
        (bare
          ? { 百万: "100만", 千万: "1,000만", 万: "1만", 千: "1,000", 百: "100", 亿: "1억" }[bare as "万"]
          : `${n}${{ 万: "만", 亿: "억" }[big as "万"] ?? ""}${mark}`) + counter;
      const scale = { 百万: 1e6, 千万: 1e7, 万: 1e4, 千: 1e3, 百: 100, 亿: 1e8 }[(bare || big) as "万"] ?? 1;
      const en = mark === "%" ? `${n}%` : groupThousands((n ? Number(n) : 1) * scale) + mark;
      return table(m, {
        ko: `${ko}${sold ? " 판매" : ""} 돌파`,
        en: `${sold ? "Sold " : ""}Over ${en}`,
        ja: `${sold ? "販売" : ""}${n || "1"}${bare || big}${mark}突破`,
      });
    },
  },
  {
    name: "zh-ten-thousand",
    families: ["zh", "ja"],
    re: /(\d+(?:\.\d+)?)万(\+)?/y,
    number: (m) => Number(g(m, 1)) * 10000,
    build: (m) => {
      const n = Number(g(m, 1));
      const plus = g(m, 2);
      return table(m, {
        ko: `${g(m, 1)}만${plus}`,
        en: `${groupThousands(n * 10000)}${plus}`,
        ja: `${g(m, 1)}万${plus}`,
      });
    },
  },
  {
    name: "zh-date",
    families: ["zh", "ja"],
    re: /(\d{1,2})月(\d{1,2})(?:日|号)/y,
    build: (m) => {
      const [mo, d] = [Number(g(m, 1)), Number(g(m, 2))];
      const month = englishMonth(mo);
      if (!month || d < 1 || d > 31) return undefined;
      return table(m, {
        ko: `${mo}월 ${d}일`,
        en: `${month} ${d}`,
        ja: `${mo}月${d}日`,
        zh: `${mo}月${d}日`,
      });
    },
  },
  {
    name: "zh-size-number",
    families: ["zh"],
    re: /(\d{2,3})码/y,
    build: (m) => table(m, { ko: `${g(m, 1)} 사이즈`, en: `Size ${g(m, 1)}`, ja: `${g(m, 1)}サイズ` }),
  },
  {
    name: "zh-units",
    families: ["zh"],
    // Taiwan writes the metric units with 公 (公分, 公克, 公升), inches as 吋, feet as 呎, floor area in 坪
    // (Korean 평) and millilitres as c.c.
    re: /(\d+(?:\.\d+)?)\s?(毫升|公升|升|千克|公斤|毫克|公克|克|厘米|公分|毫米|公厘|公里|公尺|平方米|平米|米|瓦|伏|毫安时|毫安|英寸|寸|吋|呎|坪|c\.c\.|cc|CC)/y,
    build: (m) => {
      const n = g(m, 1);
      const unit = g(m, 2);
      if (unit === "坪") return table(m, { ko: `${n}평`, en: `${n} ping`, ja: `${n}坪` });
      const symbol: Record<string, string> = {
        公升: "L",
        公克: "g",
        公分: "cm",
        公厘: "mm",
        公尺: "m",
        呎: "ft",
        "c.c.": "ml",
        cc: "ml",
        CC: "ml",
        毫升: "ml",
        升: "L",
        千克: "kg",
        公斤: "kg",
        毫克: "mg",
        克: "g",
        厘米: "cm",
        毫米: "mm",
        公里: "km",
        平方米: "㎡",
        平米: "㎡",
        米: "m",
        瓦: "W",
        伏: "V",
        毫安时: "mAh",
        毫安: "mAh",
      };
      const s = symbol[unit];
      if (s) return table(m, { ko: `${n}${s}`, en: `${n}${s}`, ja: `${n}${s}` });
      return table(m, { ko: `${n}인치`, en: `${n}-inch`, ja: `${n}インチ` });
    },
  },
  {
    name: "dimensions",
    families: ["zh"],
    // 30x40cm, 120x60x75公分, 30*20*10cm: a size in two or three dimensions, the separator as written.
    re: /(\d+(?:\.\d+)?)\s?([x×X*])\s?(\d+(?:\.\d+)?)(?:\s?[x×X*]\s?(\d+(?:\.\d+)?))?\s?(公分|厘米|cm|CM|毫米|公厘|mm|MM|公尺|米|m)?(?![A-Za-z\d])/y,
    build: (m) => {
      const by = g(m, 2) === "X" ? "x" : g(m, 2);
      const unit = { 公分: "cm", 厘米: "cm", CM: "cm", 毫米: "mm", 公厘: "mm", MM: "mm", 公尺: "m", 米: "m" }[
        g(m, 5) as "公分"
      ];
      const s = [g(m, 1), g(m, 3), g(m, 4)].filter(Boolean).join(by) + (unit ?? g(m, 5));
      return () => s;
    },
  },
  {
    name: "zh-jin",
    families: ["zh"],
    re: new RegExp(`${CNUM}斤(?:装)?`, "y"),
    build: (m) => {
      const n = parseAnyNumber(g(m, 1));
      if (n === undefined) return undefined;
      // A 斤 is 500 g; Korean 근 is a different weight, so write grams.
      const grams = n * 500;
      const w = grams >= 1000 ? `${grams / 1000}kg` : `${grams}g`;
      return table(m, { ko: w, en: w, ja: w });
    },
  },

  {
    name: "range-with-unit",
    families: ["zh", "ja", "en"],
    re: /(\d+(?:\.\d+)?)\s?[-~～〜]\s?(\d+(?:\.\d+)?)\s?(斤|公斤|千克|克|厘米|公分|毫米|米|cm|mm|kg|g|ml|mL|L|岁|歳|才|个月|ヶ月|か月|天|日|小时|時間|分钟|分|寸|码|号|度|℃|°C|%|元|円|人|m2|m3|m|W|V|A|mAh|Hz|dB)?(?![A-Za-z\d])/y,
    build: (m) => {
      const [a, b, unit] = [g(m, 1), g(m, 2), g(m, 3)];
      const range = (x: string, y: string) => `${x}-${y}`;
      if (unit === "斤") {
        const kg = (v: string) => String(Math.round((Number(v) / 2) * 10) / 10);
        const w = `${range(kg(a), kg(b))}kg`;
        return () => w;
      }
      const symbol: Record<string, string> = {
        公斤: "kg",
        千克: "kg",
        克: "g",
        厘米: "cm",
        公分: "cm",
        毫米: "mm",
        米: "m",
        "℃": "°C",
      };
      const words: Record<string, Partial<Record<OutLang, string>>> = {
        岁: { ko: "세", en: " years old", ja: "歳", zh: "岁" },
        歳: { ko: "세", en: " years old", ja: "歳", zh: "岁" },
        才: { ko: "세", en: " years old", ja: "才", zh: "岁" },
        个月: { ko: "개월", en: " months", ja: "ヶ月", zh: "个月" },
        ヶ月: { ko: "개월", en: " months", ja: "ヶ月", zh: "个月" },
        か月: { ko: "개월", en: " months", ja: "か月", zh: "个月" },
        天: { ko: "일", en: " days", ja: "日", zh: "天" },
        日: { ko: "일", en: " days", ja: "日", zh: "天" },
        小时: { ko: "시간", en: " hours", ja: "時間", zh: "小时" },
        時間: { ko: "시간", en: " hours", ja: "時間", zh: "小时" },
        分钟: { ko: "분", en: " min", ja: "分", zh: "分钟" },
        分: { ko: "분", en: " min", ja: "分", zh: "分钟" },
        寸: { ko: "인치", en: " inch", ja: "インチ", zh: "寸" },
        码: { ko: " 사이즈", en: " size", ja: "サイズ", zh: "码" },
        号: { ko: "호", en: "", ja: "号", zh: "号" },
        度: { ko: "도", en: "°", ja: "度", zh: "度" },
        元: { ko: "위안", en: " yuan", ja: "元", zh: "元" },
        人: { ko: "인용", en: " persons", ja: "人用", zh: "人" },
        円: { ko: "엔", en: " yen", ja: "円", zh: "日元" },
      };
      if (unit && words[unit]) {
        const t = words[unit];
        return (lang) => (t[lang] === undefined ? undefined : `${range(a, b)}${t[lang]}`);
      }
      const s = `${range(a, b)}${symbol[unit] ?? unit}`;
      return () => s;
    },
  },

  // --- Japanese promotions ---
  {
    name: "ja-n-or-more-percent",
    families: ["ja"],
    re: new RegExp(
      `(\\d+)(?:点|個|品)(以上)?(?:の)?(?:ご購入|お買い上げ|購入|まとめ買い)?で${NUM}%${OFF}?`,
      "y",
    ),
    build: (m) => {
      const [n, more, pct] = [g(m, 1), g(m, 2), g(m, 3)];
      const zhe = percentOffToZhe(Number(pct));
      return table(m, {
        ko: `${n}개${more ? " 이상" : ""} 구매 시 ${pct}% 할인`,
        en: `${pct}% off when you buy ${n}${more ? " or more" : ""}`,
        zh: zhe ? `${n}件${more ? "以上" : ""}${zhe}折` : undefined,
      });
    },
  },
  {
    name: "ja-n-for-price",
    families: ["ja"],
    re: /(\d+)(?:点|個)(?:で|よりどり)(\d[\d,]*)円(?:\(税込\))?/y,
    build: (m) =>
      table(m, {
        ko: `${g(m, 1)}개 ${g(m, 2)}엔`,
        en: `${g(m, 1)} for ¥${g(m, 2)}`,
        zh: `${g(m, 1)}件${g(m, 2)}日元`,
      }),
  },
  {
    name: "ja-one-more",
    families: ["ja"],
    re: /もう(\d+)(?:個|点|本|枚|つ|セット)/y,
    build: (m) => table(m, { ko: `${g(m, 1)}개 더`, en: `${g(m, 1)} More`, zh: `再${g(m, 1)}件` }),
  },
  {
    name: "ja-per-unit",
    families: ["ja"],
    re: /(\d+)(?:個|点|本|枚|袋|食|回)あたり(約)?(\d[\d,]*)円/y,
    build: (m) => {
      const [n, approx, price] = [g(m, 1), g(m, 2), g(m, 3)];
      return table(m, {
        ko: `${n}개당 ${approx ? "약 " : ""}${price}엔`,
        en: `${approx ? "approx. " : ""}¥${price} per ${n === "1" ? "piece" : `${n} pieces`}`,
        zh: `每${n}件${approx ? "约" : ""}${price}日元`,
      });
    },
  },
  {
    name: "ja-tenths-off",
    families: ["ja"],
    re: /(\d)割(?:引き?|オフ|OFF)/y,
    build: (m) => {
      const pct = Number(g(m, 1)) * 10;
      return table(m, { ko: `${pct}% 할인`, en: `${pct}% OFF`, zh: `${10 - Number(g(m, 1))}折` });
    },
  },
  {
    name: "ja-points",
    families: ["ja"],
    re: /ポイント(最大)?(\d+)倍/y,
    build: (m) => {
      const [max, n] = [g(m, 1), g(m, 2)];
      return table(m, {
        ko: `포인트 ${max ? "최대 " : ""}${n}배`,
        en: `${max ? "Up to " : ""}${n}x points`,
        zh: `积分${max ? "最高" : ""}${n}倍`,
      });
    },
  },
  {
    name: "ja-free-shipping-threshold",
    families: ["ja"],
    re: /(\d[\d,]*)円(?:\(税込\))?以上(?:の)?(?:ご購入|お買い上げ|購入|ご注文)?で送料無料/y,
    build: (m) =>
      table(m, {
        ko: `${g(m, 1)}엔 이상 구매 시 무료배송`,
        en: `Free shipping on orders over ¥${g(m, 1)}`,
        zh: `满${g(m, 1)}日元包邮`,
      }),
  },
  {
    name: "ja-yen-off",
    families: ["ja"],
    re: new RegExp(`(\\d[\\d,]*)円(?:${OFF}|引き)`, "y"),
    build: (m) => table(m, { ko: `${g(m, 1)}엔 할인`, en: `¥${g(m, 1)} OFF`, zh: `立减${g(m, 1)}日元` }),
  },
  {
    name: "ja-yen",
    families: ["ja"],
    re: /(\d[\d,]*)円/y,
    build: (m) => table(m, { ko: `${g(m, 1)}엔`, en: `¥${g(m, 1)}`, zh: `${g(m, 1)}日元` }),
  },
  {
    name: "ja-units",
    families: ["ja"],
    re: /(\d+(?:\.\d+)?)\s?(ミリリットル|リットル|キログラム|グラム|キロ|センチメートル|センチ|ミリメートル|ミリ|メートル|インチ)/y,
    build: (m) => {
      const symbol: Record<string, string> = {
        ミリリットル: "ml",
        リットル: "L",
        キログラム: "kg",
        グラム: "g",
        キロ: "kg",
        センチメートル: "cm",
        センチ: "cm",
        ミリメートル: "mm",
        ミリ: "mm",
        メートル: "m",
      };
      const n = g(m, 1);
      const s = symbol[g(m, 2)];
      if (s) return table(m, { ko: `${n}${s}`, en: `${n}${s}`, zh: `${n}${s}` });
      return table(m, { ko: `${n}인치`, en: `${n}-inch`, zh: `${n}英寸` });
    },
  },

  // --- English promotions ---
  {
    name: "en-buy-get",
    families: ["en"],
    re: /buy (\d+),? get (\d+)(?: free)?(?!\w)/iy,
    build: (m) =>
      table(m, {
        ko: `${g(m, 1)}+${g(m, 2)}`,
        zh: `买${g(m, 1)}送${g(m, 2)}`,
        ja: `${g(m, 1)}点購入で${g(m, 2)}点無料`,
      }),
  },
  {
    name: "en-up-to-off",
    families: ["en"],
    re: /up to (\d+(?:\.\d+)?)%\s*off(?!\w)/iy,
    build: (m) => {
      const zhe = percentOffToZhe(Number(g(m, 1)));
      return table(m, {
        ko: `최대 ${g(m, 1)}% 할인`,
        zh: zhe ? `低至${zhe}折` : undefined,
        ja: `最大${g(m, 1)}%OFF`,
      });
    },
  },
  {
    name: "en-save-percent",
    families: ["en"],
    re: /save (?:up to )?(\d+(?:\.\d+)?)%/iy,
    build: (m) => {
      const zhe = percentOffToZhe(Number(g(m, 1)));
      return table(m, { ko: `${g(m, 1)}% 할인`, zh: zhe ? `${zhe}折` : undefined, ja: `${g(m, 1)}%OFF` });
    },
  },
  {
    name: "en-free-shipping-threshold",
    families: ["en"],
    re: /free (?:shipping|delivery) on (?:all )?orders (?:over|of|above) (\$\d[\d,]*(?:\.\d+)?)(?:\+| or more)?/iy,
    build: (m) =>
      table(m, {
        ko: `${g(m, 1)} 이상 구매 시 무료배송`,
        zh: `满${g(m, 1)}包邮`,
        ja: `${g(m, 1)}以上で送料無料`,
      }),
  },
  {
    name: "en-pack",
    families: ["en"],
    re: /(?:pack of (\d+)|(\d+)\s*-?\s*(?:pack|pk|pcs|pieces|count|ct|piece set)(?![a-z]))/iy,
    build: (m) => {
      const n = g(m, 1) || g(m, 2);
      return table(m, { ko: `${n}개입`, zh: `${n}件装`, ja: `${n}個入り` });
    },
  },
  {
    name: "en-ages",
    families: ["en"],
    // Ages 3-5, Ages 8+, 3-5 Years Old, for 3-5 Year Olds: the age a toy or garment is for.
    re: /(?:(?:for )?ages? (\d+)(?:\s?[-~]\s?(\d+)|(\+))?(?: (?:years?(?: old)?|yrs?))?|(\d+)\s?[-~]\s?(\d+) (?:years?|yrs?)(?: old| olds)?)(?![a-z])/iy,
    build: (m) => {
      const a = g(m, 1) || g(m, 4);
      const b = g(m, 2) || g(m, 5);
      const ko = b ? `${a}-${b}세` : g(m, 3) ? `${a}세 이상` : `${a}세`;
      const zh = b ? `${a}-${b}岁` : g(m, 3) ? `${a}岁以上` : `${a}岁`;
      const ja = b ? `${a}〜${b}歳` : g(m, 3) ? `${a}歳以上` : `${a}歳`;
      return table(m, { ko, zh, ja });
    },
  },
  {
    name: "en-set-of",
    families: ["en"],
    re: /set of (\d+)(?![\d.])/iy,
    build: (m) => table(m, { ko: `${g(m, 1)}개 세트`, zh: `${g(m, 1)}件套`, ja: `${g(m, 1)}個セット` }),
  },
  {
    name: "en-warranty",
    families: ["en"],
    re: /(\d+)[\s-]*(?:year|yr)s?\s+(?:limited\s+)?warranty/iy,
    build: (m) => table(m, { ko: `${g(m, 1)}년 보증`, zh: `${g(m, 1)}年质保`, ja: `${g(m, 1)}年保証` }),
  },
  {
    name: "en-n-day",
    families: ["en"],
    re: /(\d+)[\s-]days?(?![a-z])/iy,
    build: (m) => table(m, { ko: `${g(m, 1)}일`, zh: `${g(m, 1)}天`, ja: `${g(m, 1)}日間` }),
  },

  {
    name: "en-times-count",
    families: ["en"],
    // "1 x Bottle": the count goes after the thing in Korean (병 1개), as a verb goes after its object.
    re: /(\d+)\s?[x×]\s?(?=[A-Za-z])/y,
    pos: "v",
    build: (m) => table(m, { ko: `${g(m, 1)}개`, zh: `${g(m, 1)}个`, ja: `${g(m, 1)}個` }),
  },
  {
    name: "en-rating",
    families: ["en"],
    re: /(?:rated )?(\d(?:\.\d)?) out of (\d+)(?: stars?)?/iy,
    build: (m) =>
      table(m, {
        ko: `${g(m, 2)}점 만점에 ${g(m, 1)}점`,
        zh: `${g(m, 1)}/${g(m, 2)}分`,
        ja: `${g(m, 2)}点満点中${g(m, 1)}点`,
      }),
  },
  {
    name: "en-stars",
    families: ["en"],
    re: /(\d(?:\.\d)?)[\s-]stars?(?![a-z])/iy,
    build: (m) => table(m, { ko: `별점 ${g(m, 1)}`, zh: `${g(m, 1)}星`, ja: `星${g(m, 1)}` }),
  },
  {
    name: "en-big-number",
    families: ["en"],
    re: /(\d+(?:\.\d+)?)\s?([Mm]illion|[Bb]illion|[Tt]housand|[kK]|M)(?![A-Za-z])(\+)?/y,
    number: (m) => bigNumber(m),
    build: (m) => {
      const n = bigNumber(m);
      const plus = g(m, 3);
      return table(m, {
        ko: `${koreanCount(n)}${plus}`,
        zh: `${koreanCount(n).replace("억", "亿")}${plus}`,
        ja: undefined,
      });
    },
  },
  {
    name: "en-for-duration",
    families: ["en"],
    re: /for (?:up to )?(\d+)\+? (hours?|hrs?|days?|weeks?|months?|years?|minutes?|mins?)(?![a-z])/iy,
    build: (m) => {
      const unit = durationUnit(g(m, 2));
      return table(m, { ko: `${g(m, 1)}${unit.ko}`, zh: `${g(m, 1)}${unit.zh}`, ja: `${g(m, 1)}${unit.ja}` });
    },
  },
  {
    name: "en-in-duration",
    families: ["en"],
    re: /in (?:just |only |under )?(\d+) (seconds?|secs?|minutes?|mins?|hours?|hrs?|days?)(?![a-z])/iy,
    build: (m) => {
      const unit = durationUnit(g(m, 2));
      return table(m, {
        ko: `${g(m, 1)}${unit.ko} 만에`,
        zh: `${g(m, 1)}${unit.zh}内`,
        ja: `${g(m, 1)}${unit.ja}で`,
      });
    },
  },

  // --- Shared: percentages off, prices with a currency sign, measurements ---
  {
    name: "percent-off",
    families: ["ja", "en", "zh"],
    re: new RegExp(`${NUM}\\s?%${OFF}(?![a-z])`, "y"),
    build: (m) => {
      const zhe = percentOffToZhe(Number(g(m, 1)));
      return table(m, {
        ko: `${g(m, 1)}% 할인`,
        en: `${g(m, 1)}% OFF`,
        ja: `${g(m, 1)}%OFF`,
        zh: zhe ? `${zhe}折` : undefined,
      });
    },
  },
  {
    name: "currency-sign",
    families: ["zh", "ja", "en"],
    // NT$1,290, HK$99: Taiwan's and Hong Kong's dollars keep their prefix. A currency word after an amount
    // that has its sign says the currency twice (售價NT$299元, ¥980円): the sign alone says it.
    re: /((?:NT|HK|US)?[¥$€£₩])\s?(\d[\d,]*(?:\.\d+)?)(?:\s?[元圓円])?/y,
    build: (m) => {
      const s = `${g(m, 1)}${g(m, 2)}`;
      return () => s;
    },
  },
  {
    name: "zh-hours",
    families: ["zh"],
    // 24h快速到貨, 48H發貨: hours as Chinese shops abbreviate them.
    re: /(\d+)\s?[hH](?![A-Za-z\d])/y,
    build: (m) => table(m, { ko: `${g(m, 1)}시간`, en: `${g(m, 1)}h`, ja: `${g(m, 1)}時間` }),
  },
  {
    name: "measurement",
    families: ["zh", "ja", "en"],
    // 64G, 1T: a capacity as shops write it, also before U盘 (64GU盘, 隨身碟 as OpenCC reads it).
    re: /(\d+(?:\.\d+)?)\s?(ml|mL|ML|L|l|kg|KG|Kg|mg|g|cm|mm|km|m2|m3|m|W|w|V|mAh|mah|Hz|GHz|GB|TB|MB|oz|fl oz|lbs?|ft|in|inch|inches|°C|°F|[Kk]|p|P|A|mA|Wh|kWh|kW|dB|lm|rpm|kPa|Pa|G|T)(?![A-Za-z](?!盘))/y,
    build: (m) => {
      const n = g(m, 1);
      const unit = g(m, 2);
      if (/^inch(es)?$/.test(unit))
        return table(m, { ko: `${n}인치`, en: `${n} inch`, ja: `${n}インチ`, zh: `${n}英寸` });
      const s = m[0];
      return () => s;
    },
  },
  {
    name: "apparel-size",
    families: ["zh", "ja"],
    // 2XL, 5XL, 3XS: a clothing size is written as it is (the digit is part of the size, not a count).
    re: /[1-9]X{1,3}[LS](?![A-Za-z])/y,
    build: (m) => {
      const s = m[0];
      return () => s;
    },
  },
  {
    name: "angle",
    families: ["zh", "ja"],
    // 360°旋转, 180°折叠: an angle is one piece with its number (°C and °F are temperatures, above).
    re: /(\d+(?:\.\d+)?)\s?°(?![CF])/y,
    build: (m) => {
      const s = `${g(m, 1)}°`;
      return () => s;
    },
  },
  {
    name: "percent",
    families: ["zh", "ja", "en"],
    re: /(\d+(?:\.\d+)?)\s?%/y,
    build: (m) => {
      const s = `${g(m, 1)}%`;
      return () => s;
    },
  },
];

function bigNumber(m: RegExpExecArray): number {
  const unit = g(m, 2).toLowerCase();
  const scale = unit === "billion" ? 1e9 : unit === "million" || unit === "m" ? 1e6 : 1e3;
  return Math.round(Number(g(m, 1)) * scale);
}

/** A count as Korean writes it: 10,000 is 1만, 1,000,000 is 100만, 1,000,000,000 is 10억. */
function koreanCount(n: number): string {
  if (n >= 1e8 && n % 1e7 === 0) return `${n / 1e8}억`;
  if (n >= 1e4 && n % 1e3 === 0) return `${n / 1e4}만`;
  return groupThousands(n);
}

function durationUnit(word: string): { ko: string; zh: string; ja: string } {
  const w = word.toLowerCase();
  if (w.startsWith("s")) return { ko: "초", zh: "秒", ja: "秒" };
  if (w.startsWith("min")) return { ko: "분", zh: "分钟", ja: "分" };
  if (w.startsWith("h")) return { ko: "시간", zh: "小时", ja: "時間" };
  if (w.startsWith("d")) return { ko: "일", zh: "天", ja: "日" };
  if (w.startsWith("w")) return { ko: "주", zh: "周", ja: "週間" };
  if (w.startsWith("mo")) return { ko: "개월", zh: "个月", ja: "ヶ月" };
  return { ko: "년", zh: "年", ja: "年" };
}

const NUMBER_RE = /\d+(?:[.,:]\d+)*/y;
const CN_NUMBER_RE = new RegExp(CN_NUMERAL, "y");

/** Every rule that matches at `at` (longest first), plus the plain number there if any. */
export function matchRules(text: string, at: number, family: Family): RuleMatch[] {
  const out: RuleMatch[] = [];
  const ch = text.charCodeAt(at);
  for (const rule of RULES) {
    if (!rule.families.includes(family)) continue;
    rule.re.lastIndex = at;
    const m = rule.re.exec(text);
    if (!m || m[0].length === 0) continue;
    const render = rule.build(m);
    if (!render) continue;
    out.push({
      rule: rule.name,
      length: m[0].length,
      pos: rule.pos ?? "n",
      render,
      number: rule.number?.(m),
    });
  }
  const isDigit = ch >= 48 && ch <= 57;
  const isBoundary = at === 0 || !/[\d.]/.test(text[at - 1] ?? "");
  // A minus sign before a number belongs to it (-40°C) unless it joins two numbers (6.01-6.03).
  const signed =
    (ch === 45 || ch === 0x2212) &&
    /\d/.test(text[at + 1] ?? "") &&
    (at === 0 || /[\s(（:：~～,，、/]/.test(text[at - 1] ?? ""));
  if (signed) {
    for (const m of matchRules(text, at + 1, family)) {
      const sign = text[at] ?? "-";
      out.push({
        ...m,
        rule: `signed-${m.rule}`,
        length: m.length + 1,
        render: (lang) => {
          const r = m.render(lang);
          return r === undefined ? undefined : `${sign}${r}`;
        },
      });
    }
  }
  if (isDigit && isBoundary) {
    NUMBER_RE.lastIndex = at;
    const m = NUMBER_RE.exec(text);
    if (m) {
      const s = m[0];
      out.push({
        rule: "number",
        length: s.length,
        pos: "n",
        render: () => s,
        number: Number(s.replace(/,/g, "")),
      });
    }
  } else if (family === "zh") {
    CN_NUMBER_RE.lastIndex = at;
    const m = CN_NUMBER_RE.exec(text);
    if (m) {
      // A Chinese numeral is a number only when a classifier follows (两件 but not 一起); the segmenter
      // enforces that, as it knows the classifiers.
      for (let len = m[0].length; len >= 1; len--) {
        const src = m[0].slice(0, len);
        const value = parseAnyNumber(src);
        if (value === undefined) continue;
        out.push({
          rule: "cn-number",
          length: len,
          pos: "n",
          // 百万件 is 100만 개 in Korean, as 10万 is 10만.
          render: (lang) =>
            lang === "zh"
              ? src
              : lang === "ko" && value >= 10000 && value % 10000 === 0
                ? `${value / 10000}만`
                : String(value),
          number: value,
        });
      }
    }
  }
  return out.sort((a, b) => b.length - a.length);
}
