package i18n

// uiCardLimits holds the refusals of single cards' printed limits (each
// names the card and the reason).
var _ = register(map[string][2]string{
	"err_roll_traits":       {"The %s is rolled with %s.", "%s需以%s进行考验。"},
	"err_card_off":          {"The %s is shut: its roll is made only while it is open.", "%s已合上：只有打开时才需进行考验。"},
	"err_apply_first":       {"The %s: apply the last roll's outcome before the next roll.", "%s：请先执行上一次考验的结果，再进行下一次。"},
	"err_trait_rolled":      {"The %s: %s was already rolled; roll each trait once.", "%s：%s已考验过；每项能力只考验一次。"},
	"err_effect_self":       {"The %s applies only to you.", "%s只对你自己生效。"},
	"err_heal_traits":       {"The %s heals only %s.", "%s只能回复%s。"},
	"err_heal_above_start":  {"The %s can't raise %s above its starting value.", "%s不能使%s高于基本值。"},
	"err_heal_most":         {"The %s heals at most %d points.", "%s最多回复%d点。"},
	"err_heal_choose":       {"The %s heals up to %d points: say how to split them between %s.", "%s最多回复%d点：请指定如何分配给%s。"},
	"err_event_not_cleared": {"The %s ends only as its card says; it can't be discarded now.", "%s只能按牌面条件解除，现在不能丢弃。"},
	"err_take_from":         {"The %s: name the explorer you take an item from.", "%s：请指定你要拿取物品的人物。"},
	"err_take_item":         {"The %s: name one of %s's items (not an omen).", "%s：请指定%s的1张物品牌（预兆牌不算）。"},
	"err_attacked_instead":  {"The %s is used instead of attacking: you already attacked this turn.", "%s须代替袭击使用：你本回合已袭击过。"},
	"err_roll_room":         {"The room %q changes nothing on this roll.", "房间 %q 不影响这次掷骰。"},
	"err_drop_room":         {"The %s: name the room where you drop it.", "%s：请指定你丢下它的房间。"},
})
