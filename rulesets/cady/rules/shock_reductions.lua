-- Cady, Shock Reductions: a charge counts fewer shocks per figure against a
-- unit behind a wooden fence (1) or a stone wall (2), on the edge of a forest
-- (2), and one fewer for each hill level it charges up. The fence or wall
-- and the climb are judged from where the charge began as well as where it
-- struck: the charge goes over the fence and up the slope, so at contact its
-- front may be beyond a fence that stands just before the defender, and up
-- the hill already. Unit types marked half_shock (the chart's ½: men-at-arms,
-- Roman legionaries) roll one die for each two figures. No shock is counted
-- into a marsh, rough ground or a ploughed field.
-- The run-in (Shock): "Infantry stands require a 6 cm. clear and unobstructed
-- path to count shock. Cavalry stands must have at least a 10 cm. clear and
-- unobstructed path straight (no more than 45 degrees right or left) into the
-- defending stand." Read as: from where the charge began to where it struck,
-- the charger went at least that far (cavalry: shock classes light, medium and
-- heavy cavalry); the kernel's movement keeps the path clear of other units,
-- and a charge heads straight for the unit it charges (it follows it), so the
-- 45 degrees are met by the move itself. A shorter run-in counts no shock;
-- the melee still follows.
--[[ params:
  forest_edge: { type: int, min: 0, max: 50, default: 3, doc: "cm from a forest's edge a unit counts as on its edge" }
  cavalry_run: { type: int, min: 0, max: 100, default: 10, doc: "cm of straight path cavalry needs to count shock" }
  infantry_run: { type: int, min: 0, max: 100, default: 6, doc: "cm of path infantry needs to count shock" }
]]

---@class shock_reductions.params
---@field forest_edge? integer cm from a forest's edge a unit counts as on its edge
---@field cavalry_run? integer cm of straight path cavalry needs to count shock
---@field infantry_run? integer cm of path infantry needs to count shock

---@type shock_reductions.params
local p = params
local EDGE = p.forest_edge or 3
local CAVALRY_RUN = p.cavalry_run or 10
local INFANTRY_RUN = p.infantry_run or 6
local CAVALRY = { light_cavalry = true, medium_cavalry = true, heavy_cavalry = true }

-- Shocks off for a fence or wall that the way from a to d crosses within 3 cm of d.
local function obstacle_shocks(a, d)
  local shocks = 0
  if game.line_between(a, d, "fence", 3) then shocks = shocks + 1 end
  if game.line_between(a, d, "stone_wall", 3) then shocks = shocks + 2 end
  return shocks
end

-- Where each charge begins, in mm (marks are whole numbers), on which turn,
-- on what ground, and what fence or wall then stood before its target.
game.on("charge.begin", function(e)
  local a = e.unit
  local x, y = game.position(a)
  game.set_mark(a, "charge_from_x", math.floor(x * 10 + 0.5))
  game.set_mark(a, "charge_from_y", math.floor(y * 10 + 0.5))
  game.set_mark(a, "charge_from_turn", game.turn())
  game.set_mark(a, "charge_from_ground", game.ground(a))
  game.set_mark(a, "charge_obstacle", obstacle_shocks(a, e.target))
end)

local function charged_this_turn(a) return game.mark(a, "charge_from_turn") == game.turn() end

-- Shocks off for what stands between: a fence or wall before the defender
-- now, or before the charge's target when it began.
local function cover_shocks(a, d)
  local shocks = obstacle_shocks(a, d)
  if charged_this_turn(a) and game.table_order(a).target == d then shocks = math.max(shocks, game.mark(a, "charge_obstacle")) end
  return shocks
end

-- Hill levels climbed: from the ground the charge began on (or stands on) to the defender's.
local function climb(a, d)
  local from = charged_this_turn(a) and game.mark(a, "charge_from_ground") or game.ground(a)
  return math.max(0, game.ground(d) - from)
end

-- The run-in from the charge's start into the defending stand: long enough to
-- count shock? The move stops as the bases come within contact distance, so
-- the gap still left between them is part of the path.
local function run_in_counts(a, d)
  if not charged_this_turn(a) then return true end  -- not a charge this module saw begin
  local x, y = game.position(a)
  local dx, dy = x - game.mark(a, "charge_from_x") / 10, y - game.mark(a, "charge_from_y") / 10
  local run = math.sqrt(dx * dx + dy * dy) + game.distance_cm(a, d)
  local cavalry = CAVALRY[game.attr(a, "shock_class")] == true
  local needed = cavalry and CAVALRY_RUN or INFANTRY_RUN
  if run + 1e-6 < needed then
    game.log(game.id(a) .. " ran in only " .. string.format("%.1f", run) .. " cm: " .. needed .. " cm are needed to count shock")
    return false
  end
  return true
end

game.on("shock.dice", function(e)
  local a, d, figures = e.attacker, e.defender, e.figures
  if not run_in_counts(a, d) then
    e.dice = 0
    return
  end
  if game.in_area(d, "marsh") or game.in_area(d, "rough") or game.in_area(d, "ploughed") then
    e.dice = 0
    return
  end
  local per_figure = game.attr(a, "shock")
  local reduction = cover_shocks(a, d) + climb(a, d)
  if game.in_area(d, "forest", EDGE) then reduction = reduction + 2 end
  if game.attr(a, "half_shock") then
    e.dice = math.max(0, (figures // 2) - reduction * (figures // 2))
  else
    e.dice = math.max(0, per_figure - reduction) * figures
  end
end)
