package views

import (
	"strconv"
	"strings"
)

// logWords are the texts of the log (board.templ's LogList) and of the undo
// button's "what": internal/seatview/log.go (logWords) picks each event's
// phrases from the events, where views never look, and logItem says them.
var _ = words(Words{
	"log":                   {"Log", "记录"},
	"log_empty":             {"Nothing has happened yet.", "还没有任何记录。"},
	"log_joined":            {"%s joined as %s", "%s 加入，选择了 %s"},
	"log_reordered":         {"The host changed the seating order", "主持人调整了座位顺序"},
	"log_started":           {"The game started; %s goes first", "游戏开始，由 %s 先行"},
	"log_phase_haunt":       {"The haunt begins: from now on a skull means death", "作祟开始：从现在起降到骷髅即死亡"},
	"log_phase_exploration": {"Back to exploring the house", "回到探索大屋阶段"},
	"log_turn":              {"%s's turn", "轮到 %s"},
	"log_turn_card_skipped": {"Turn ended without the %s card for the %s · %s's turn", "回合结束，%[2]s的%[1]s牌未抽 · 轮到 %[3]s"},
	"log_undone":            {"%s undid: %s", "%s 撤销了：%s"},
	"log_seat_moved":        {"%s's seat moved to a new phone", "%s 的座位已转移到新手机"},
	"log_card_drawn":        {"%s drew %s", "%s 抽到%s"},
	"log_card_given":        {"%s gave the %s to %s", "%s 把%s交给 %s"},
	"log_card_dropped":      {"%s left the %s: %s", "%s 丢下%s：%s"},
	"log_card_picked":       {"%s picked up the %s: %s", "%s 拾起%s：%s"},
	"log_card_stolen":       {"%s stole the %s from %s", "%s 从 %[3]s 偷走了%[2]s"},
	"log_card_discarded":    {"%s discarded the %s", "%s 弃掉了%s"},
	"log_card_offered":      {"%s hands the %s to %s", "%s 把%s交给 %s"},
	"log_card_used":         {"%s used the %s", "%s 使用了%s"},
	"log_damage_taken":      {"%s took the damage", "%s 承受了损伤"},
	"log_room_gain":         {"%s gained from the %s", "%s 从%s获得能力"},
	"log_roll_applied":      {"%s applied a roll's outcome", "%s 执行了掷骰结果"},
	"log_effect_applied":    {"%s applied the %s card", "%s 执行了%s的效果"},
	"log_token_removed":     {"%s: the %s token is taken off the house", "%s：%s标记从房屋中移除"},
	"log_room_emptied":      {"%s: the %s has nothing more to give", "%s：%s已无可再得"},
	"log_steal_declined":    {"%s deals the damage rather than steal.", "%s 选择造成损伤而不偷取。"},
	"log_attack_ended":      {"The attack was settled", "袭击结算完毕"},
	"log_stunned":           {"%s is stunned", "%s 陷入昏迷"},
	"log_monsters":          {"Monsters enter: %s", "怪物登场：%s"},
	"log_track":             {"Track: %s %d", "记录表：%s %d"},
	"log_omen_replaced":     {"The %s goes back into the deck; the %s takes its place", "%s洗回牌堆；由%s取代"},
	"log_side":              {"%s now fights for the traitor", "%s 现在为奸徒而战"},
	"log_rerolled":          {"%s rerolled with %s: now %d", "%s 用%s重掷：现在为 %d"},
	"log_omen":              {"%s drew the %s in the %s", "%s 在%[3]s翻出了%[2]s"},
	"log_haunt":             {"%s revealed the haunt: %d, %s", "%s 揭露了真相：作祟 %d，%s"},
	"log_trait_step_up":     {"%s one step up, still %s", "%s上移一格，仍为 %s"},
	"log_trait_step_down":   {"%s one step down, still %s", "%s下移一格，仍为 %s"},
	"log_room_discovered":   {"%s discovered the %s (%s)", "%s 发现了%s（%s）"},
	"undo_omen":             {"the %s drawn in the %s", "在%[2]s翻出的%[1]s"},
	"undo_omen_roll":        {"the %s drawn in the %s, and the haunt roll it owes", "在%[2]s翻出的%[1]s，以及它带来的作祟掷骰"},
	"log_haunt_reselected":  {"The host selected another haunt: %d, %s", "主持人另选了故事：%d，%s"},
	"log_offer_accepted":    {"%s accepted the %s", "%s 接受了%s"},
	"log_offer_declined":    {"%s declined the %s", "%s 拒绝了%s"},
	"log_offer_withdrawn":   {"%s took back the %s offered to %s", "%s 收回了交给 %[3]s 的%[2]s"},
})

// The log's sentences made of several words, as data; a LogLine's phrase
// holds one (Of) and says it in the page's language (In).

// LogTraits is a change of traits: "Ann: Might 3 → 4, Speed one step
// down, still 4 (physical damage) · Host".
type LogTraits struct {
	Seat    string
	Changes []LogTraitChange
	// Cause is the damage's kind ("physical", "mental") or "restore";
	// Source the card or room that made the change, named (or "").
	Cause, Source string
	Host          bool // the host made it
}

// LogTraitChange is one trait's change: its values from and to as the
// board shows them, and Step, +1 or −1, when the track moved a step but
// the value stayed (a track repeats values).
type LogTraitChange struct {
	Trait, From, To string
	Step            int
}

// In says the change in lang.
func (t LogTraits) In(lang string) string {
	h := Head{Lang: lang}
	var b strings.Builder
	b.WriteString(t.Seat + ": ")
	for i, ch := range t.Changes {
		if i > 0 {
			b.WriteString(", ")
		}
		switch ch.Step {
		case 1:
			b.WriteString(h.T("log_trait_step_up", h.T("trait_"+ch.Trait), ch.To))
		case -1:
			b.WriteString(h.T("log_trait_step_down", h.T("trait_"+ch.Trait), ch.To))
		default:
			b.WriteString(h.T("trait_"+ch.Trait) + " " + ch.From + " → " + ch.To)
		}
	}
	switch {
	case t.Cause != "":
		b.WriteString(" (" + h.T("cause_"+t.Cause) + ")")
	case t.Source != "":
		b.WriteString(" (" + t.Source + ")")
	}
	if t.Host {
		b.WriteString(" · " + h.T("host"))
	}
	return b.String()
}

// LogRoll is a roll, or a reroll with a card (With, its name): who rolled,
// the dice and the total, and its target.
type LogRoll struct {
	Roll RollLine
	With string
}

// In says the roll in lang.
func (r LogRoll) In(lang string) string {
	h := Head{Lang: lang}
	var text string
	if r.With != "" {
		text = h.T("log_rerolled", whoWords(h, r.Roll), r.With, r.Roll.Total)
	} else {
		text = whoWords(h, r.Roll) + ": " + rollWords(h, r.Roll) + " = " + strconv.Itoa(r.Roll.Total)
	}
	if r.Roll.Target > 0 {
		text += " (" + strconv.Itoa(r.Roll.Target) + "+)"
	}
	return text
}

// LogAttack is an attack as the log says it: who attacks whom, how, and
// what the attack rolled (attackLineWords).
type LogAttack Attack

// In says the attack in lang.
func (a LogAttack) In(lang string) string { return attackLineWords(Head{Lang: lang}, (*Attack)(&a)) }
