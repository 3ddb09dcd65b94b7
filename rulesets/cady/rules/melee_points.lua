-- Cady, Effects on the Melee Point: a figure's melee point is one lower when
-- attacked on the flank, two lower from the rear, one lower attacking uphill,
-- across a wall or fence, or in a ford; each turn of continuous melee takes
-- another point off both sides, and each turn a unit neither moves nor
-- melees gives one back. A point below zero loses every figure, as the text's
-- "reduced by more than its original value is automatically removed". A unit
-- that strikes an enemy's rear does not roll: it cannot lose. Secondary
-- Melee Attacks: a unit that strikes the flank of an enemy already engaged
-- in its front by another unit makes a secondary attack: the defender rolls
-- once more (its figures in contact with it), "the attacker cannot lose" and
-- does not roll. "A secondary attack must be from a figure with a melee
-- point equal to or higher than the stand it is attacking" (the chart's
-- points): a weaker unit makes none, and neither side rolls against the other.
--[[ params:
  flank: { type: int, min: 0, max: 12, default: 1, doc: "points off a unit attacked on its flank" }
  rear: { type: int, min: 0, max: 12, default: 2, doc: "points off a unit attacked from its rear" }
]]

---@class melee_points.params
---@field flank? integer points off a unit attacked on its flank
---@field rear? integer points off a unit attacked from its rear

---@type melee_points.params
local p = params
local FLANK, REAR = p.flank or 1, p.rear or 2

local function attacking(u) return game.table_order(u).mode ~= "hold" end

-- Is `u` engaged in its front by an enemy other than `other`?
local function engaged_in_front(u, other)
  for _, enemy in ipairs(game.in_contact(u)) do
    if enemy ~= other and game.aspect(u, enemy) == 0 then return true end
  end
  return false
end

-- Figures of `u` that roll against `enemy`, for attacks on the rear and
-- secondary attacks on a flank, either way round.
local function rolling_figures(u, enemy, figures)
  if game.aspect(enemy, u) == 2 then return 0 end  -- u strikes its rear: it cannot lose
  local u_secondary = game.aspect(enemy, u) == 1 and engaged_in_front(enemy, u)
  local enemy_secondary = game.aspect(u, enemy) == 1 and engaged_in_front(u, enemy)
  if u_secondary then return 0 end
  if enemy_secondary and game.attr(enemy, "melee") < game.attr(u, "melee") then return 0 end  -- too weak to attack
  return figures
end

game.on("melee.point", function(e)
  local u, enemy = e.unit, e.enemy
  local point = e.point - game.mark(u, "melee_lost")
  if e.aspect == 1 then point = point - FLANK elseif e.aspect == 2 then point = point - REAR end
  if attacking(u) then
    if game.ground(u) < game.ground(enemy) then point = point - 1 end
    if game.line_between(u, enemy, "stone_wall", 3) or game.line_between(u, enemy, "fence", 3) then point = point - 1 end
  end
  if game.in_area(u, "ford") then point = point - 1 end
  e.point = point
  e.figures = rolling_figures(u, enemy, e.figures)
  game.set_mark(u, "melee_turn", game.turn())
end)

-- After the melee phase: a point lost by every unit that fought; after the
-- movement phase: a point back for every unit that stood still out of melee.
game.on("phase.end", function()
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).on_map and game.mark(u, "melee_turn") == game.turn() then
      game.set_mark(u, "melee_lost", game.mark(u, "melee_lost") + 1)
    end
  end
end, { phase = "melee" })

game.on("phase.end", function()
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).on_map and game.mark(u, "melee_lost") > 0 and game.moved_thirds(u) == 0 and #game.in_contact(u) == 0 then
      game.set_mark(u, "melee_lost", game.mark(u, "melee_lost") - 1)
    end
  end
end, { phase = "movement" })
