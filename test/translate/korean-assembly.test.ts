/**
 * How the embedded translator writes Korean from Chinese and English beyond single glossary rows: word
 * order, prefixes, the initial sound law, and what it refuses to write.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { toConditional, toRequest, toSequential, toTheMore } from "../../src/translate/embedded/hangul.ts";
import { initialSoundLaw } from "../../src/translate/embedded/lexicon.ts";
import type { Translator } from "../../src/translate/port.ts";
import { embeddedData, one } from "./support.ts";

let translator: Translator;
beforeAll(async () => {
  translator = createEmbeddedTranslator({ data: await embeddedData() });
});

const ko = async (text: string, source: "zh" | "en" = "zh") => {
  const r = await one(translator, text, source, "ko");
  return r.status === "translated" ? r.text : `KEPT: ${r.reason}`;
};

describe("Chinese to Korean", () => {
  it("puts a quality stated after its noun in front of it, but keeps 좋은 and verbs' modifiers behind", async () => {
    expect(await ko("送货快")).toBe("빠른 배송");
    expect(await ko("包装精美")).toBe("고급스러운 포장");
    expect(await ko("弹力好")).toBe("신축성 좋은");
  });

  it("lets a verb take only the object in its own phrase, and names a kind before 时间 or 方法", async () => {
    expect(await ko("支持快充 大容量")).toBe("고속 충전 지원 대용량");
    expect(await ko("适用于iPhone 15")).toBe("iPhone 15에 사용 가능");
    expect(await ko("请勿放入烤箱")).toBe("오븐에 넣기 금지");
    expect(await ko("使用时间：8小时")).toBe("사용 시간: 8시간");
    expect(await ko("享受舒適的睡眠")).toBe("편안한 수면 즐기기");
  });

  it("turns 请 + act into a polite request, with the object marked and native verbs conjugated", async () => {
    expect(await ko("安装前请关闭电源")).toBe("설치 전 전원을 끄세요");
    expect(await ko("请在阴凉处保存")).toBe("서늘한 곳에 보관하세요");
    expect(await ko("如有疑问请咨询客服")).toBe("궁금한 점이 있으면 고객센터 문의하세요");
    expect(toRequest("넣기")).toBe("넣으세요");
    expect(toRequest("열기")).toBe("여세요");
    expect(toRequest("냉장 보관")).toBe("냉장 보관하세요");
    expect(toRequest("사용 가능")).toBeUndefined();
  });

  it("makes an act before 即可 its condition, and reads 越…越… as the more one does it", async () => {
    expect(await ko("按下按钮即可出水")).toBe("버튼을 누르면 바로 출수");
    expect(await ko("扫码即可连接")).toBe("QR 코드 스캔하면 바로 연결");
    expect(await ko("加热即可")).toBe("가열하면 됩니다");
    expect(await ko("越用越亮")).toBe("쓸수록 밝은");
    expect(await ko("越嚼越香")).toBe("씹을수록 맛있는");
    expect(toConditional("열기")).toBe("열면");
    expect(toConditional("넣기")).toBe("넣으면");
    expect(toTheMore("입기")).toBe("입을수록");
    expect(toTheMore("세탁")).toBe("세탁할수록");
  });

  it("joins an act to the act after it, a press as its condition", async () => {
    expect(await ko("取出滤网清洗")).toBe("필터를 꺼내 세척");
    expect(await ko("请取出滤网清洗")).toBe("필터를 꺼내 세척하세요");
    expect(await ko("短按切换模式")).toBe("짧게 누르면 모드 전환");
    expect(await ko("双击暂停播放")).toBe("두 번 누르면 일시정지");
    expect(await ko("将滤芯放入机器")).toBe("필터를 기기에 넣기");
    expect(await ko("大容量 一次装满")).toBe("대용량 한 번에 가득 채우기");
    expect(toSequential("누르기")).toBe("눌러");
    expect(toSequential("잠그기")).toBe("잠가");
    expect(toSequential("마시기")).toBe("마셔");
    expect(toSequential("붓기")).toBe("부어");
    expect(toSequential("세척")).toBeUndefined();
  });

  it("writes a result after the act as its adverb, 于 + place and 用 + tool before the act", async () => {
    expect(await ko("使用后请清洗干净")).toBe("사용 후 깨끗이 세척해 주세요");
    expect(await ko("请勿用于眼部")).toBe("눈가에 사용 금지");
    expect(await ko("取适量涂抹于面部")).toBe("적당량을 덜어 얼굴에 바르기");
    expect(await ko("涂抹于干净的肌肤上")).toBe("깨끗한 피부에 바르기");
    expect(await ko("用温水冲洗干净")).toBe("미온수로 깨끗이 헹구기");
    expect(await ko("将食材放入锅中")).toBe("식재료를 냄비에 넣기");
    expect(await ko("能放进背包")).toBe("배낭에 넣기 가능");
    expect(await ko("请按照说明书操作")).toBe("설명서에 따라 조작하세요");
  });

  it("reads 每次/每天 before a quantity as 1회/하루, 比 + a one-character quality as a comparative, 提升一倍 as 2배", async () => {
    expect(await ko("每次1-2粒")).toBe("1회 1-2정");
    expect(await ko("每日两次")).toBe("하루 2회");
    expect(await ko("比普通款大30%")).toBe("일반형보다 30% 더 큰");
    expect(await ko("续航提升一倍")).toBe("사용 시간 2배 향상");
    expect(await ko("建议每3个月更换一次")).toContain("3개월마다");
  });

  it("puts 可/可以 and 适合/适用 after what they govern, and 每 after its quantity", async () => {
    expect(await ko("可360度旋转")).toBe("360도 회전 가능");
    expect(await ko("适合办公室使用")).toBe("사무실 사용에 적합");
    expect(await ko("适用15-17寸笔记本")).toBe("15-17인치 노트북에 사용 가능");
    expect(await ko("敏感肌适用")).toBe("민감성 피부 사용 가능");
    expect(await ko("无添加防腐剂")).toBe("방부제 무첨가");
    expect(await ko("每袋500克")).toBe("봉지당 500g");
  });

  it("writes 让/使 + noun + quality as what the product does to the noun, and 特别 before a quality as 특히", async () => {
    expect(await ko("让肌肤更水润")).toBe("피부를 더 촉촉하게");
    expect(await ko("使头发更顺滑")).toBe("머리카락을 더 부드럽게");
    expect(await ko("特别耐用")).toBe("특히 튼튼한");
    expect(await ko("特别的礼物")).toBe("특별한 선물");
  });

  it("says how long before the act, what is compared with 보다, and who it is for with 에게", async () => {
    expect(await ko("充电2小时用7天")).toBe("2시간 충전 7일 사용");
    expect(await ko("一次充电续航30天")).toBe("1회 충전 30일 사용");
    expect(await ko("比双十一还便宜")).toBe("광군제보다 더 저렴한");
    expect(await ko("给宝宝最好的呵护")).toBe("아기에게 최고의 케어");
    expect(await ko("让宝宝睡得更香")).toBe("아기가 더 푹 자게");
  });

  it("names the object of a request with 을/를, and what earns a reduction before it", async () => {
    expect(await ko("使用前请仔细阅读说明书")).toBe("사용 전 설명서를 꼼꼼히 읽어 주세요");
    expect(await ko("附说明书")).toBe("설명서 포함");
    expect(await ko("领券立减50元")).toBe("쿠폰 받고 50위안 즉시 할인");
    expect(await ko("下单立减20元")).toBe("주문 시 20위안 즉시 할인");
  });

  it("says a one-character quality of the noun before it, suits people with 에게, and lists abilities", async () => {
    expect(await ko("体积小")).toBe("작은 부피");
    expect(await ko("适合上班族")).toBe("직장인에게 적합");
    expect(await ko("可水洗可机洗")).toBe("물세탁 가능 세탁기 사용 가능");
    expect(await ko("只需99")).toBe("단 99위안");
    expect(await ko("每次只需2粒")).not.toContain("위안");
  });

  it("writes 得 + quality as the act's manner, drops adverbial 地, and counts 八大 as N대", async () => {
    expect(await ko("洗得很干净")).toBe("깨끗하게 세탁");
    expect(await ko("穿得更舒服")).toBe("더 편안하게 착용");
    expect(await ko("轻松地收纳")).toBe("손쉽게 수납");
    expect(await ko("八大功效")).toBe("8대 효과");
    expect(await ko("比普通款更大")).toBe("일반형보다 더 큰");
    expect(await ko("可调温度")).toBe("온도 조절 가능");
  });

  it("lets a modal take the act after it, and keeps a negated quality out of a verb's object", async () => {
    expect(await ko("下雨天也能穿")).toBe("비 오는 날도 착용 가능");
    expect(await ko("长时间使用不发烫")).toBe("장시간 사용 뜨거워지지 않는");
    expect(await ko("收纳神器")).toBe("수납 끝판왕 아이템");
    expect(await ko("再也不用担心漏水")).toBe("누수 걱정 끝");
  });

  it("keeps a range in one object, reads 长达/可达 as 최대, and a count after 加送 first", async () => {
    expect(await ko("一次可煮3-4人份")).toContain("3-4인분");
    expect(await ko("续航长达12小时")).toBe("사용 시간 최대 12시간");
    expect(await ko("加送1瓶")).toBe("1병 추가 증정");
    expect(await ko("面积约15平方米")).toBe("면적 약 15㎡");
  });

  it("writes 第一 before a thing as 첫, a person's 的 as 의, 为/专为 as 을/를 위해, and joins qualities", async () => {
    expect(await ko("宝宝的第一双鞋")).toBe("아기의 첫 신발");
    expect(await ko("专为敏感肌研发")).toBe("민감성 피부를 위해 연구 개발");
    expect(await ko("为爱宠打造")).toBe("반려동물을 위해 제작");
    expect(await ko("又大又甜")).toBe("크고 달콤한");
    expect(await ko("舒适与时尚兼具")).toBe("편안하고 패셔너블한 겸비");
  });

  it("reads 好 before an act as easy to do", async () => {
    expect(await ko("好收纳")).toBe("수납하기 좋은");
    expect(await ko("质量好")).toBe("품질 좋은");
  });

  it("writes 在 + place as 에서 (에 before keeping), a prohibition after the act, and item counts after the noun", async () => {
    expect(await ko("请勿在高温环境下使用")).toBe("고온 환경에서 사용 금지");
    expect(await ko("请在阴凉处保存")).toBe("서늘한 곳에 보관하세요");
    expect(await ko("在家里使用")).toBe("집에서 사용");
    expect(await ko("配两个电池")).toBe("배터리 2개 포함");
    expect(await ko("3层过滤")).toBe("3겹 필터");
    expect(await ko("儿童款")).toBe("어린이용");
  });

  it("keeps what is put somewhere (放在) before the place with 에, marks 将's object, and counts after a range", async () => {
    expect(await ko("请将本品放在儿童接触不到的地方")).toBe(
      "본 제품을 어린이 손이 닿지 않는 곳에 보관하세요",
    );
    expect(await ko("请勿将产品放在潮湿处")).toBe("제품을 습한 곳에 보관 금지");
    expect(await ko("每周使用2-3次")).toBe("주 2-3회 사용");
  });

  it("reads a Sino-Korean word whose Japanese form has a glossary row of another sense (技术 is 기술)", async () => {
    expect(await ko("技术")).toBe("기술");
    expect(await ko("已有10000+人购买")).toBe("10000+명 구매");
  });

  it("glues a one-character prefix to a Sino-Korean noun and makes it an adjective before any other", async () => {
    expect(await ko("大屏幕")).toBe("대화면");
    expect(await ko("大尺寸")).toBe("큰 사이즈");
    expect(await ko("超静音")).toBe("초저소음");
  });

  it("glues 大 and 小 only into words Korean has, and says extent and amount as wide and few", async () => {
    expect(await ko("大容量")).toBe("대용량");
    expect(await ko("小空间 大作用")).toBe("작은 공간 큰 효과");
    expect(await ko("大面积覆盖")).toBe("넓은 면적 커버");
    expect(await ko("小用量 大效果")).toBe("적은 사용량 큰 효과");
  });

  it("reads mainland words that Taiwan's phrasing would rewrite as its computing terms as written", async () => {
    expect(await ko("常规程序")).toBe("표준 코스");
    expect(await ko("核心技术")).toBe("핵심 기술");
    expect(await ko("A4文件袋")).toBe("A4 서류 봉투");
    expect(await ko("桌布")).toBe("식탁보");
    expect(await ko("無線滑鼠")).toBe("무선 마우스");
  });

  it("offers what a phrase gives the reader, and says a described experience 경험", async () => {
    expect(await ko("给你更好的体验")).toBe("더 좋은 경험을 선사합니다");
    expect(await ko("给你好睡眠")).toBe("좋은 수면을 선사합니다");
    expect(await ko("免费体验")).toBe("무료 체험");
  });

  it("says a season or a time of day with 에도, and how long before a continuous act", async () => {
    expect(await ko("冬天也能用")).toBe("겨울에도 사용 가능");
    expect(await ko("连续使用8小时")).toBe("8시간 연속 사용");
  });

  it("writes an OCR'd doubled degree sign before ℃ once", async () => {
    expect(await ko("水温30°℃")).toBe("수온 30°C");
    expect(await ko("水温30℃")).toBe("수온 30°C");
  });

  it("writes 无/0 before a noun as 무 or 없는, and 0添加 after what is not added", async () => {
    expect(await ko("无香精")).toBe("무향료");
    expect(await ko("0添加防腐剂")).toBe("방부제 무첨가");
  });

  it("reads promotion patterns around numbers", async () => {
    expect(await ko("满99包邮")).toBe("99위안 이상 무료배송");
    expect(await ko("满500元送礼品")).toBe("500위안 이상 구매 시 사은품 증정");
    expect(await ko("买2件打9折")).toBe("2개 구매 시 10% 할인");
    expect(await ko("连续3年销量第一")).toBe("3년 연속 판매량 1위");
    expect(await ko("72小时内发货")).toBe("72시간 이내 발송");
    expect(await ko("满1000元送500元券")).toBe("1000위안 이상 구매 시 500위안 쿠폰 증정");
    expect(await ko("领券减50")).toBe("쿠폰 받고 50위안 할인");
    expect(await ko("下单立享9折")).toBe("주문 시 10% 할인");
    expect(await ko("定金10元抵30元")).toBe("예약금 10위안으로 30위안 할인");
    expect(await ko("年销百万件")).toBe("연간 판매 100만개");
  });

  it("puts a cause before 因 as Korean does (으로 인해, 에 따라)", async () => {
    expect(await ko("因光线问题图片可能存在色差")).toBe("조명 문제로 인해 사진 색상 차이가 있을 수 있습니다");
    expect(await ko("因个人原因退货需自付运费")).toBe("개인 사유로 인해 반품 배송비 고객 부담");
    expect(await ko("因显示器不同颜色可能略有差异")).toBe(
      "모니터 환경에 따라 색상 약간의 차이가 있을 수 있습니다",
    );
  });

  it("writes a word said twice in a row once", async () => {
    expect(await ko("便携式榨汁杯")).toBe("휴대용 블렌더");
    expect(await ko("默认发中通快递")).toBe("기본 중퉁 택배 발송");
  });

  it("negates a quality after 不, joins two across 而, and fronts a quality with its degree word", async () => {
    expect(await ko("香而不腻")).toBe("향긋하고 느끼하지 않은");
    expect(await ko("轻而不薄")).toBe("가볍고 얇지 않은");
    expect(await ko("不同颜色")).toBe("다른 색상");
    expect(await ko("双电机驱动 动力更强")).toBe("듀얼 모터 구동 더 강한 파워");
    expect(await ko("吸力更大")).toBe("더 큰 흡입력");
    expect(await ko("不添加蔗糖")).toBe("자당 무첨가");
  });

  it("reads Taiwan's and Hong Kong's prices, 下殺 and 保養 as their shops mean them", async () => {
    expect(await ko("特價 199元")).toBe("특가 199대만달러");
    expect(await ko("特价 199元")).toBe("특가 199위안");
    expect(await ko("現折100元")).toBe("100대만달러 즉시 할인");
    expect(await ko("全館下殺5折")).toBe("전 상품 최대 50% 할인");
    expect(await ko("下殺3折起")).toBe("최대 70% 할인");
    expect(await ko("香港行貨 一年保養")).toBe("홍콩 정식 수입품 1년 보증");
    expect(await ko("臉部保養")).toBe("얼굴 관리");
  });

  it("lists what is left out before 무첨가, starts an act after 开始, and gives a household its choice", async () => {
    expect(await ko("不含香精色素")).toBe("향료 색소 무첨가");
    expect(await ko("健康生活 从早餐开始")).toBe("건강한 생활 아침 식사부터 시작");
    expect(await ko("开始使用")).toBe("사용 시작");
    expect(await ko("百万家庭的选择")).toBe("100만 가정의 선택");
    expect(await ko("熱銷突破10萬組")).toBe("10만 세트 판매 돌파");
  });

  it("reads Taiwan's dollar reductions and countdowns, names colours in a list, and asks to put things somewhere", async () => {
    expect(await ko("會員滿$1000折$100")).toBe("회원 $1000 이상 구매 시 $100 할인");
    expect(await ko("滿500元折50元")).toBe("500대만달러 이상 구매 시 50대만달러 할인");
    expect(await ko("限時優惠 倒數3天")).toBe("기간 한정 할인 3일 남음");
    expect(await ko("顏色：黑/白/灰")).toBe("색상: 블랙/화이트/그레이");
    expect(await ko("请存放于阴凉处")).toBe("서늘한 곳에 보관하세요");
    expect(await ko("自带照明灯")).toBe("조명 내장");
  });

  it("names a composition's material before its percentage, and reads 到貨 after a span as delivery", async () => {
    expect(await ko("面料：95%棉 5%氨纶")).toBe("원단: 면 95% 스판덱스 5%");
    expect(await ko("里料：100%聚酯纤维")).toBe("안감: 폴리에스터 100%");
    expect(await ko("99.9%除菌")).toBe("99.9% 제균");
    expect(await ko("宅配1-2天到貨")).toBe("택배 1-2일 도착");
    expect(await ko("新品到货")).toBe("신상품 입고");
  });

  it("counts sales in Chinese numerals, keeps an angle with its number, and writes what there is none of first", async () => {
    expect(await ko("热销百万件")).toBe("100만개 판매");
    expect(await ko("可180°折叠")).toBe("180° 접이식 가능");
    expect(await ko("厂家直销 没有中间商")).toBe("공장 직판 중간 유통 없음");
    expect(await ko("老顾客都在回购")).toBe("단골 고객 모두 재구매");
    expect(await ko("防蹣抗菌")).toBe("진드기 방지 항균");
  });

  it("makes an act after 轻松 easy, calls the good things of a use its items, and keeps clothing sizes", async () => {
    expect(await ko("轻松收纳 节省空间")).toBe("간편한 수납 공간 절약");
    expect(await ko("露营好物")).toBe("캠핑 아이템");
    expect(await ko("加大尺碼 2XL-5XL")).toBe("빅 사이즈 2XL-5XL");
    expect(await ko("电量足")).toBe("넉넉한 배터리 잔량");
    expect(await ko("全新升级 品质更好")).toBe("새롭게 업그레이드 더 좋은 품질");
    expect(await ko("刷毛柔软 不伤牙龈")).toBe("부드러운 기모 잇몸 손상 없는");
    expect(await ko("恒温护发 不烫头皮")).toBe("항온 모발 보호 두피가 뜨겁지 않은");
    expect(await ko("工厂价 直降50%")).toBe("공장도가 50% 즉시 할인");
  });

  it("keeps a text rather than write a counter with nothing to count or a word cut into characters", async () => {
    expect(await ko("云南个杯")).toMatch(/^KEPT: a counter with nothing to count/);
    expect(await ko("方向盘")).toBe("핸들");
  });

  it("puts a bound behind its amount even across a space", async () => {
    expect(await ko("不低于 20 克。")).toBe("20g 이상.");
    expect(await ko("不少于50%")).toBe("50% 이상");
  });

  it("writes label and document words as the Korean word, not their Sino-Korean reading", async () => {
    expect(await ko("约定")).toBe("약속");
    expect(await ko("有限公司")).toBe("유한회사");
    expect(await ko("网络支付")).toBe("온라인 결제");
    expect(await ko("合格证")).toBe("합격증");
    // 站 alone is a station on a sign; standing has its own words.
    expect(await ko("北京站")).toBe("베이징 역");
    expect(await ko("祝您购物愉快")).toMatch(/기원합니다$/);
  });

  it("writes a counter that opens a line before a comma (the tail of a word the line break cut) as its noun", async () => {
    expect(await ko("粒，食用盐")).toBe("알갱이, 식용 소금");
    // After a number or a range it stays a counter.
    expect(await ko("每次1-2粒")).toBe("1회 1-2정");
  });
});

describe("the initial sound law on Sino-Korean readings", () => {
  it("never starts a reading with ㄹ, nor with ㄴ before i or y", () => {
    expect(initialSoundLaw("년령")).toBe("연령");
    expect(initialSoundLaw("룡호")).toBe("용호");
    expect(initialSoundLaw("로동")).toBe("노동");
    expect(initialSoundLaw("품질")).toBe("품질");
  });
});

describe("English to Korean", () => {
  it("joins qualities with the connective ending instead of 및", async () => {
    expect(await ko("Durable and Long Lasting", "en")).toBe("튼튼하고 오래가는");
    expect(await ko("Soft, Breathable & Lightweight", "en")).toBe("부드럽고 통기성 좋고 가벼운");
  });

  it("puts bounds after their number and for-phrases before their noun", async () => {
    expect(await ko("Over 10,000 Sold", "en")).toBe("10,000개 이상 판매");
    expect(await ko("Up to 40 Hours Playtime", "en")).toBe("최대 40시간 재생");
    expect(await ko("Shoes for Men", "en")).toBe("남성용 신발");
    expect(await ko("Made of Premium Stainless Steel", "en")).toBe("프리미엄 스테인리스로 제작");
  });

  it("counts, rates and ages as Korean shops write them", async () => {
    expect(await ko("Package Includes: 1 x Bottle, 1 x Brush", "en")).toBe("구성품: 병 1개, 브러시 1개");
    expect(await ko("Rated 4.8 out of 5", "en")).toBe("5점 만점에 4.8점");
    expect(await ko("Trusted by Over 1 Million Customers", "en")).toBe("100만 명 이상의 고객이 신뢰하는");
    expect(await ko("Ages 8+", "en")).toBe("8세 이상");
  });

  it("keeps a brand no dictionary knows, and writes an ordinary word it has no phrase for word by word", async () => {
    expect(await ko("Anker Power Bank", "en")).toBe("Anker 보조배터리");
    expect(await ko("Cook meat and eggs", "en")).not.toMatch(/^KEPT|[a-z]/i);
  });

  it("writes X 가능 before a noun as a modifier", async () => {
    expect(await ko("Adjustable Shoulder Strap", "en")).toBe("조절 가능한 어깨끈");
  });
});
