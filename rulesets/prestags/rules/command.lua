-- PRESTAGS leadership movement control (10.2). A unit that begins its
-- side's movement phase beyond the Movement Control Radius of every friendly
-- leader moves at half its Movement Allowance, fractions kept (10.23): it
-- carries the mark "out_of_command", which the movement phase's
-- `halved_by_mark` reads. Within a radius it moves normally and may leave it
-- (10.21); more leaders give nothing more. A leader's radius is the one of
-- the grade he has reached (10.3, mark "grades_lost"), read from the leader
-- types. Leaders themselves are never out of command. Where a scenario says
-- so (`mounted_exempt: true`), mounted units are exempt (10.22): Class C, the
-- mounted fire units (MF) and the types in `mounted_types` (chariots; never
-- elephants). An undisrupted unit may still always move one hex (10.24,
-- 5.15: the movement phase's `always_one_hex`).
-- params: mounted_exempt (bool, default false), mounted_classes (default
-- C, MF), mounted_types (type ids, default CH), movement_phases (default movement).

--[[ params:
  mounted_exempt:  { type: bool, default: false, doc: mounted units are exempt from movement control (10.2 optional) }
  mounted_classes: { type: text_list, default: [C, MF], doc: unit_class values that count as mounted }
  mounted_types:   { type: text_list, default: [CH], doc: unit_type values that count as mounted }
  movement_phases: { type: phases, default: [movement], doc: the phases whose movement is controlled }
]]

local mounted_exempt = params.mounted_exempt == true
local mounted_class = {}
for _, c in ipairs(params.mounted_classes or { "C", "MF" }) do mounted_class[c] = true end
local mounted_type = {}
for _, t in ipairs(params.mounted_types or { "CH" }) do mounted_type[t] = true end
local movement_phase = {}
for _, p in ipairs(params.movement_phases or { "movement" }) do movement_phase[p] = true end

local function is_leader(u) return game.attr(u, "unit_class") == "E" end

local radius_of_grade = {}
for _, t in ipairs(game.unit_types()) do
  local g = game.type_attr(t, "front", "grade")
  if game.type_attr(t, "front", "unit_class") == "E" and g > 0 then radius_of_grade[g] = game.type_attr(t, "front", "control_radius") end
end

local function radius(leader)
  local lost = game.mark(leader, "grades_lost")
  if lost == 0 then return game.attr(leader, "control_radius") end
  return radius_of_grade[game.attr(leader, "grade") + lost] or game.attr(leader, "control_radius")
end

local function mounted(u)
  return mounted_class[game.attr(u, "unit_class")] or mounted_type[game.unit(u).type] or false
end

local function in_command(u, leaders)
  if is_leader(u) or (mounted_exempt and mounted(u)) then return true end
  local hex = game.hex(u)
  for _, l in ipairs(leaders) do
    if game.distance(hex, game.hex(l)) <= radius(l) then return true end
  end
  return false
end

game.on("phase.begin", function(ctx)
  if not movement_phase[ctx.phase] then return end
  local side = game.active_side()
  local units, leaders = game.units_of(side), {}
  for _, u in ipairs(units) do
    if is_leader(u) then leaders[#leaders + 1] = u end
  end
  for _, u in ipairs(units) do
    game.set_mark(u, "out_of_command", in_command(u, leaders) and 0 or 1)
  end
end)
