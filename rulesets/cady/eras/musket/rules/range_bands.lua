-- Cady, Musket Period, Small Arms Fire: small arms start at 6 (the ladder's
-- start) and climb a step at mid range and two at near range, by the range
-- table of the firer's weapon: muskets near 1-12 cm and mid 13-21, rifles
-- 21 and 42, fusils and carbines 9 and 18, pistols 3 and 6 (the unit types'
-- near_range and mid_range, in whole cm as the table counts them). A unit
-- type without them steps by thirds of its range, as the common rules put
-- it: "at the far 1/3rd of their range the odds are at 6; at the mid-range
-- the odds begin at 4,6; and at the nearest 1/3rd the odds begin at 2,4,6".
-- The era's fire ladder has no range steps of its own (fire.yaml).
local NEAR_ADD, MID_ADD = 2, 1   -- 6 becomes 2, 4, 6 near, 4, 6 at mid range

-- Steps the range adds: `range` is the distance in whole cm, `max` the firer's range.
local function range_steps(u, range, max)
  local near, mid = game.attr(u, "near_range"), game.attr(u, "mid_range")
  local is_near = near > 0 and range <= near or near == 0 and 3 * range <= max
  local is_mid = mid > 0 and range <= mid or mid == 0 and 3 * range < 2 * max
  if is_near then return NEAR_ADD end
  if is_mid then return MID_ADD end
  return 0
end

game.on("fire.steps", function(e)
  e.step = e.step + range_steps(e.firer, e.range, e.max_range)
end)
