package i18n

// uiRooms holds the refusals of placing a room (the exploring screen's
// words are in views/explore_words.go).
var _ = register(map[string][2]string{
	"err_room_in_house":     {"%s is already in the house.", "%s 已经在大宅中了。"},
	"err_room_floor_needed": {"%s fits more than one floor: say which floor it goes on.", "%s 可放在多个楼层：请选择放在哪一层。"},
	"err_room_floor":        {"%s can't go on that floor.", "%s 不能放在这一层。"},
})
