package i18n

// uiCardRules holds the refusals of card rules (each names the card and the
// reason) and of what a seat may do now (game.Options).
var _ = register(map[string][2]string{
	"mod_idol":                     {"+2 dice, −1 Sanity (once per turn)", "+2颗骰子，神志−1（每回合一次）"},
	"mod_smoke":                    {"−2 dice in the Smoke (at least 1)", "烟雾中−2颗骰子（至少1颗）"},
	"err_attack_ally":              {"%s is on your side: attack only opponents.", "%s 与你同一阵营：只能袭击对手。"},
	"err_card_not_held":            {"You don't hold the %s.", "你没有持有%s。"},
	"err_card_used_turn":           {"The %s was already used this turn: once per turn.", "%s本回合已使用过：每回合只能使用一次。"},
	"err_card_after_haunt":         {"The %s can only be used after the haunt is revealed.", "%s只能在作祟开始后使用。"},
	"err_card_own_turn":            {"The %s can only be used on your own turn.", "%s只能在你自己的回合使用。"},
	"err_card_roll_first":          {"The %s needs its roll first.", "使用%s前需先进行考验。"},
	"err_card_roll_low":            {"The %s needs %[3]d+; the roll was %[2]d: not this turn.", "%s需要掷出%[3]d点或以上；本次为%[2]d：本回合不能使用。"},
	"err_card_shields":             {"Your %s: the %s has no effect on you.", "你的%s：%s对你没有效果。"},
	"err_roll_once_turn":           {"The %s roll was already tried this turn: each voluntary roll once per turn.", "本回合已尝试过%s的考验：每项自愿的考验每回合仅可进行一次。"},
	"err_not_dead_hero_or_unnamed": {"Only a dead hero, or a living one while the haunt has no traitor yet, can join the traitor.", "只有已死亡的英雄，或在尚无奸徒的作祟中仍存活的英雄，才能加入奸徒一方。"},
	"err_modifier_event_only":      {"The %s adds dice only to rolls made for an event card.", "%s只在为事件牌进行的掷骰中加骰子。"},
	"err_modifier_heroes_only":     {"The %s helps heroes only, after the haunt has begun.", "%s只在作祟开始后帮助英雄。"},
	"err_choose_result":            {"With the %s, choose a result from 0 to %d.", "使用%s时，请选择 0 到 %d 之间的结果。"},
	"err_damage_reduced":           {"Your %s stops all of that damage.", "你的%s挡住了全部损伤。"},
	"err_card_acts_itself":         {"The %s acts by itself: there is nothing to use.", "%s会自行生效：没有可使用的动作。"},
	"err_stuck":                    {"You are held by the %s: you can do nothing else until you get free.", "你被%s困住：脱困前不能做其他事。"},
	"err_attack_cancelled":         {"The %s's roll cancelled your attack: no attack this turn.", "%s的考验取消了你的袭击：本回合不能袭击。"},
	"err_source_removed":           {"The %s is gone (its token removed, or emptied): it can't be tried again.", "%s已不在（标记已移除或已清空）：不能再尝试。"},
	"err_token_not_placed":         {"The %s token isn't in the house: draw the card first.", "%s标记不在大宅中：请先抽出此牌。"},
	"err_effect_done":              {"The %s was already applied.", "%s已执行过。"},
	"err_card_not_drawn":           {"The %s hasn't been drawn.", "%s尚未被抽出。"},
	"err_card_resolver":            {"The %s is for %s to resolve.", "%s应由%s执行。"},
	"err_name_item":                {"The %s: name one of your items (not an omen).", "%s：请指定你的1张物品牌（预兆牌不算）。"},
	"err_choose_trait":             {"The %s: choose one of the traits its outcome names.", "%s：请从结果所列的能力中选择一项。"},
	"err_choose_other_trait":       {"The %s: the trait rolled is already at its lowest; choose another trait above its lowest.", "%s：所考验的能力已在最低值；请选择另一项高于最低值的能力。"},
	"err_reroll_fight_settled":     {"That fight is already settled: its dice can't be rerolled.", "这场袭击已结算：不能再重掷。"},
})
