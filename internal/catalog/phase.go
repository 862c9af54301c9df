package catalog

import (
	"regexp"
	"strings"
)

// The parts of the game a passage holds for (data: "phase"). Before the
// haunt nobody attacks or dies; after it the traitor, monsters and the
// haunt's own books rule (seed 000, 作祟 section).
const (
	PhaseBefore = "before"
	PhaseAfter  = "after"
	PhaseBoth   = "both"
)

// What a question says of the part of the game it is about, in English and
// (read in Simplified characters) Chinese. A question that says both, or
// neither, says nothing.
var (
	beforeHaunt = regexp.MustCompile(`\b(before|until|till|pre-?)\s*(the\s+|a\s+)?haunt|` +
		`haunt\s+(has\s*n[o']?t|hasnt|is\s*n[o']?t|isnt|not|did\s*n[o']?t|didnt|has\s+not)\s*(yet\s+)?(been\s+)?(start|begun|began|begin|reveal|happen|come)|` +
		`\bno\s+haunt\s+yet|\bbefore\s+(the\s+)?reveal|` +
		`(还没有?|没有?|未|尚未|还未)(开始)?(作祟|闹鬼|揭露|出剧本|开剧本)|` +
		`(作祟|闹鬼|剧本|揭露)(开始|发生|揭晓)?(之|以)?前`)
	afterHaunt = regexp.MustCompile(`\b(after|once|during|since|post-?)\s*(the\s+|a\s+)?haunt|` +
		`haunt\s+(has\s+|is\s+|'s\s+)?(already\s+)?(started|begun|began|starts|revealed|on|going|kicked)|` +
		`\b(after|once)\s+(the\s+)?reveal|\bin\s+the\s+haunt\b|` +
		`(作祟|闹鬼|剧本|揭露)(开始|发生|揭晓)?(之|以)?后|(作祟|闹鬼)(期间|中|阶段|的时候)|` +
		`(已经|开始|正在|开了|进入)(作祟|闹鬼|剧本)`)
)

// questionPhase is the part of the game a question says it is about:
// PhaseBefore, PhaseAfter, or "" (lower-cased, Simplified text).
func questionPhase(q string) string {
	if strings.Contains(q, "前后") || strings.Contains(q, "before and after") {
		return "" // 作祟前后: both
	}
	before, after := beforeHaunt.MatchString(q), afterHaunt.MatchString(q)
	switch {
	case before && !after:
		return PhaseBefore
	case after && !before:
		return PhaseAfter
	}
	return ""
}

// oneHaunt is a question about one haunt ("in that haunt", 那个剧本) rather
// than about haunts in general.
var oneHaunt = regexp.MustCompile(`\b(this|that|the)\s+(haunt|scenario)\s+(where|with|when)\b|\bin\s+(this|that)\s+(haunt|scenario)\b|` +
	`(那个|这个|这|那)(剧本|作祟)|(剧本|作祟)(里|中|里面)的?(怪物|英雄|奸徒|叛徒)`)

// whatItDoes is a question asking what a thing does or how it works, which
// its own entry answers rather than a ruling about one case of it.
var whatItDoes = regexp.MustCompile(`\bwhat\s+(does|do|is|'s|are)\b.*\b(do|does|for|mean)\b|\bhow\s+(does|do)\b.*\b(work|use)\b|\bwhat\s+(is|'s)\s+(the|a|an)\b|` +
	`有(什么|啥)用|干(嘛|啥|什么)|是(什么|啥)|怎么用|(什么|啥)(作用|效果|功能)|能做(什么|啥)`)
