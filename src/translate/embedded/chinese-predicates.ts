/**
 * A table shared by Chinese segmentation and the Chinese -> Korean grammar, in a module of its own so that
 * neither imports the other.
 */
/** One-character Chinese qualities and their Korean modifier form when they are said of a noun. */
export const PREDICATE: Record<string, string> = {
  小: "작은",
  大: "큰",
  多: "많은",
  少: "적은",
  强: "강한",
  足: "넉넉한",
  高: "높은",
  低: "낮은",
  快: "빠른",
  慢: "느린",
  长: "긴",
  短: "짧은",
  轻: "가벼운",
  重: "무거운",
  软: "부드러운",
  硬: "단단한",
  薄: "얇은",
  厚: "두꺼운",
  宽: "넓은",
  窄: "좁은",
  稳: "안정적인",
  准: "정확한",
  亮: "밝은",
};
