-- Regimental stand rules: orders and command (1.5, 2.1, 2.2, 2.5, 3.3, 3.4, 6.0).
-- The kernel gives orders, runs the roll-off and lets only the activated
-- regiment act; this module marks who the phases bar:
--   holding         a stand of a regiment not on M orders does not move (2.1),
--                   but for the reshuffles below;
--   shuffle         a stand of an H or D regiment that may reshuffle (2.1, 2.4):
--                   the movement phase's confine_mark keeps it to hexes where
--                   stands of its regiment are; its companies lose the mark
--                   (and are held) once a core stand of it has moved (2.4);
--   not_retreating  only R regiments move in the retreat moves (2.5), at
--                   their strategic distance (strategic_bonus);
--   cannot_attack   D and R regiments, HQs, stands more than 2 hexes from
--                   their HQ (2.2, 3.4), and a regiment that has attacked
--                   this round (3.4: one attack on one hex);
--   no_hq           a regiment whose HQ is lost: no orders, no moves (6.0);
--   strategic       a regiment that chose a strategic move this round (2.0):
--                   its allowance is the strategic one (strategic_bonus), the
--                   movement phase keeps it 2 hexes from the enemy
--                   (keep_away_mark), and it does not attack.
-- A retreating stand loses a strength point for each hex of its move in an
-- enemy zone (2.5). An HQ returns in its regiment's activation the round after
-- its loss, next to a stand of its own not in an enemy zone (6.0); a regiment
-- reduced to its HQ is removed.

local RADIUS = 2  -- 1.2: command radius

local function hq_of(formation)
  for _, u in ipairs(game.formation_units(formation)) do
    if game.attr(u, "hq") then return u end
  end
  return nil
end

-- 2.2, 3.4: within command radius of its HQ (an HQ is in range of itself).
local function in_command(u)
  local f = game.formation(u)
  if not f then return true end
  local hq = hq_of(f)
  if not hq or not game.unit(hq).on_map then return false end
  return game.distance(game.hex(u), game.hex(hq)) <= RADIUS
end


local function on_map(u) return game.unit(u).on_map end

-- Every unit of a regiment carries its HQ's handle + 1 (mark "hq_handle"):
-- the other modules of this ruleset find the HQ by it.
game.on("game.setup", function()
  for side = 0, game.side_count() - 1 do
    for _, f in ipairs(game.formations(side)) do
      local hq = hq_of(f)
      if hq then
        for _, u in ipairs(game.formation_units(f)) do game.set_mark(u, "hq_handle", hq + 1) end
      end
    end
  end
end)

-- 6.0: M or R regiments without an HQ go to H; none is given orders.
game.on("phase.begin", function()
  for side = 0, game.side_count() - 1 do
    for _, f in ipairs(game.formations(side)) do
      local hq = hq_of(f)
      if hq and game.mark(hq, "hq_lost") ~= 0 then
        local order = game.order(f)
        if order == "M" or order == "R" then game.set_order(f, "H") end
      end
    end
  end
end, { phase = "orders" })

game.on("phase.begin", function(ctx)
  for u = 0, game.unit_count() - 1 do
    local f = game.formation(u)
    local retreating = f ~= nil and game.order(f) == "R" and game.side(u) == ctx.side
    game.set_mark(u, "not_retreating", retreating and 0 or 1)
    game.set_mark(u, "strategic_bonus", retreating and math.max(0, game.attr(u, "strategic") - game.attr(u, "movement")) or 0)
  end
end, { phase = "retreat_moves" })

-- 2.2: a stand next to the enemy may move off; it halts again on entering
-- a hex next to an enemy stand.
game.on("move.exit_zoc", function(ctx)
  ctx.allowed = 1
  ctx.mode = "free"
end)

-- 2.5: a strength point for each hex of the move in an enemy zone.
game.on("move.end", function(ctx)
  local side = game.side(ctx.unit)
  local lost = 0
  for i = 2, #ctx.path do
    if game.in_enemy_zoc(side, game.hex_of_index(ctx.path[i])) then lost = lost + 1 end
  end
  if lost > 0 then
    game.log("" .. game.id(ctx.unit) .. " retreats through " .. lost .. " hex(es) next to the enemy")
    game.set_hits(ctx.unit, game.hits(ctx.unit) + lost)
  end
end, { phase = "retreat_moves" })

-- 6.0: the HQ comes back next to a stand of its own not in an enemy zone.
local function return_hq(f, hq)
  local side = game.side(hq)
  for _, u in ipairs(game.formation_units(f)) do
    if u ~= hq and on_map(u) then
      for d = 0, 5 do
        local h = game.neighbour(game.hex(u), d)
        if h and #game.units_at(h) == 0 and not game.in_enemy_zoc(side, h) and game.step_cost(hq, game.hex(u), h) then
          game.restore(hq, h)
          game.set_mark(hq, "hq_lost", 0)
          for _, v in ipairs(game.formation_units(f)) do game.set_mark(v, "no_hq", 0) end
          return true
        end
      end
    end
  end
  return false
end

-- 2.0: a regiment may move strategically only if none of its stands starts
-- within 2 hexes of an enemy stand.
local function may_move_strategically(f)
  for _, u in ipairs(game.formation_units(f)) do
    if on_map(u) then
      local near = game.nearest_enemy(game.hex(u), game.side(u))
      if near and near <= 2 then return false end
    end
  end
  return true
end

game.on("activation.begin", function(ctx)
  local f = ctx.formation
  local hq = hq_of(f)
  local returned = false
  if hq and game.mark(hq, "hq_lost") ~= 0 and game.mark(hq, "hq_lost") < game.turn() and game.mark(hq, "regiment_removed") == 0 then
    returned = return_hq(f, hq)
  end
  local moving = game.order(f) == "M"
  local holding = game.order(f) == "H" or game.order(f) == "D"
  -- 2.1, 2.4: an H or D regiment reshuffles among its own hexes: core stands
  -- that start within command radius, and its companies while all its core
  -- stands are within it.
  local all_in_command = true
  for _, u in ipairs(game.formation_units(f)) do
    if on_map(u) and game.attr(u, "core") and not in_command(u) then all_in_command = false end
  end
  for _, u in ipairs(game.formation_units(f)) do
    local shuffles = holding and not returned and hq and on_map(hq)
        and (game.attr(u, "core") and in_command(u) or (not game.attr(u, "core") and all_in_command))
    game.set_mark(u, "shuffle", shuffles and 1 or 0)
    -- 6.0: no other movement of the regiment the turn its HQ returns.
    game.set_mark(u, "holding", ((moving and not returned) or shuffles) and 0 or 1)
  end
  if moving and not returned and may_move_strategically(f) then
    game.choose(ctx.side, "Move " .. f .. " strategically (the strategic allowance, keeping 2 hexes from the enemy; no attack this round)?",
      { "Yes: strategic move", "No: normal move" }, function(answer)
        if answer ~= 1 then return end
        for _, u in ipairs(game.formation_units(f)) do
          game.set_mark(u, "strategic", 1)
          game.set_mark(u, "strategic_bonus", math.max(0, game.attr(u, "strategic") - game.attr(u, "movement")))
        end
      end)
  end
end)

-- 2.4: companies reshuffle only "before any core stand in the unit moves":
-- the first core stand of an H or D regiment to move ends its companies'
-- reshuffle. (An M regiment's companies move as its other stands do.)
game.on("move.end", function(ctx)
  local f = game.formation(ctx.unit)
  if not f then return end
  for _, u in ipairs(game.formation_units(f)) do
    if not game.attr(u, "core") and game.mark(u, "shuffle") ~= 0 then
      game.set_mark(u, "shuffle", 0)
      game.set_mark(u, "holding", 1)
    end
  end
end, { phase = "movement", unit_has = "core" })

local function may_initiate(u)
  local f = game.formation(u)
  if not f then return true end  -- batteries: shots decide (artillery module)
  local order = game.order(f)
  if order ~= "M" and order ~= "H" then return false end               -- 3.3
  if game.attr(u, "hq") or game.attr(u, "defence_only") then return false end  -- 6.0, 3.1
  if game.mark(u, "no_hq") ~= 0 then return false end
  if game.mark(u, "attacked_this_round") ~= 0 then return false end
  if game.mark(u, "strategic") ~= 0 then return false end              -- 2.0: no attack after a strategic move
  return in_command(u)                                                  -- 2.2, 3.4
end

game.on("phase.begin", function()
  local f = game.activation()
  if not f then return end
  for _, u in ipairs(game.formation_units(f)) do
    if on_map(u) then game.set_mark(u, "cannot_attack", may_initiate(u) and 0 or 1) end
  end
end, { phase = "combat" })

-- 3.4: one attack per regiment per round.
game.on("combat.declared", function()
  local f = game.activation()
  if not f then return end
  for _, u in ipairs(game.formation_units(f)) do
    game.set_mark(u, "attacked_this_round", 1)
    game.set_mark(u, "cannot_attack", 1)
  end
end, { phase = "combat" })

game.on("turn.end", function()
  for u = 0, game.unit_count() - 1 do
    game.set_mark(u, "attacked_this_round", 0)
    game.set_mark(u, "strategic", 0)
  end
end)

game.on("unit.eliminated", function(ctx)
  local f = game.formation(ctx.unit)
  if not f then return end
  if game.attr(ctx.unit, "hq") then
    game.set_mark(ctx.unit, "hq_lost", game.turn())
    for _, u in ipairs(game.formation_units(f)) do game.set_mark(u, "no_hq", 1) end
    return
  end
  -- 6.0: a regiment reduced to its HQ is removed.
  local hq = hq_of(f)
  if not hq or not on_map(hq) then return end
  for _, u in ipairs(game.formation_units(f)) do
    if u ~= hq and on_map(u) and game.attr(u, "core") then return end
  end
  game.log("" .. f .. " is reduced to its HQ and removed")
  for _, u in ipairs(game.formation_units(f)) do
    if on_map(u) and u ~= hq then game.eliminate(u) end
  end
  game.set_mark(hq, "regiment_removed", 1)
  game.eliminate(hq)
end)

-- 4.0: "A Support Company cannot be left alone in a hex as a result of a CS
-- being destroyed, the SC must be removed first": a core stand's last strength
-- point is refused while a company of its side stands in its hex (the kernel
-- then gives the loss to the company; it keeps the refusal only while another
-- unit may take the loss).
game.on("loss.candidate", function(ctx)
  if not ctx.last or ctx.last == 0 or game.attr(ctx.unit, "stand") ~= "core" then return end
  for _, other in ipairs(game.units_at(game.hex(ctx.unit))) do
    if other ~= ctx.unit and game.unit(other).side == ctx.side and game.attr(other, "stand") == "company" then
      ctx.refused = 1
      return
    end
  end
end)
