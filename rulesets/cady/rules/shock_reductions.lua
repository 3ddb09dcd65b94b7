-- Cady, Shock Reductions: a charge counts fewer shocks per figure against a
-- unit behind a wooden fence (1) or a stone wall (2), on the edge of a forest
-- (2), and one fewer for each hill level it charges up. Unit types marked
-- half_shock (the chart's ½: men-at-arms, Roman legionaries) roll one die for
-- each two figures. No shock is counted into a marsh, rough ground or a
-- ploughed field.
--[[ params:
  forest_edge: { type: int, min: 0, max: 50, default: 3, doc: "cm from a forest's edge a unit counts as on its edge" }
]]

---@class shock_reductions.params
---@field forest_edge? integer cm from a forest's edge a unit counts as on its edge

---@type shock_reductions.params
local p = params
local EDGE = p.forest_edge or 3

game.on("shock.dice", function(e)
  local a, d, figures = e.attacker, e.defender, e.figures
  if game.in_area(d, "marsh") or game.in_area(d, "rough") or game.in_area(d, "ploughed") then
    e.dice = 0
    return
  end
  local per_figure = game.attr(a, "shock")
  local reduction = 0
  if game.line_between(a, d, "fence", 3) then reduction = reduction + 1 end
  if game.line_between(a, d, "stone_wall", 3) then reduction = reduction + 2 end
  if game.in_area(d, "forest", EDGE) then reduction = reduction + 2 end
  local climb = game.ground(d) - game.ground(a)
  if climb > 0 then reduction = reduction + climb end
  if game.attr(a, "half_shock") then
    e.dice = math.max(0, (figures // 2) - reduction * (figures // 2))
  else
    e.dice = math.max(0, per_figure - reduction) * figures
  end
end)
