---@meta sandtable
-- LuaLS annotations for Sandtable rule modules: the `game` table, the event
-- contexts and the `params` global. Definitions only: this file is never run.
-- The reference is docs/lua-api.md; the bindings are runtime/script/rule_host.cpp.

---A unit handle: its 0-based position in the scenario's `units:` list.
---@alias sandtable.Unit integer

---A hex label as printed on the map, e.g. "0606".
---@alias sandtable.Hex string

---A side number: 0-based position in the scenario's `sides:` list.
---@alias sandtable.Side integer

---A unit type id from the ruleset, e.g. "knights".
---@alias sandtable.UnitType string

---@alias sandtable.Face "front"|"back"

---@alias sandtable.FaceOrBoth "front"|"back"|"both"

---An attribute value: integer for `int`, boolean for `bool`, the word for `enum`.
---@alias sandtable.AttributeValue integer|boolean|string

-- events: written by `sandtable docs write` from runtime/kernel/event_catalogue.cpp; edit it there
---@alias sandtable.Event
---| "game.setup"        # ctx: -
---| "phase.begin"       # ctx: phase, side
---| "phase.end"         # ctx: phase, side
---| "move.exit_zoc"     # ctx: unit, allowed, mode; writable: allowed, mode
---| "move.end"          # ctx: unit, path
---| "fire.result"       # ctx: firer, target, roll, factor, hit; writable: hit
---| "combat.declared"   # ctx: attackers, defenders, cancel, forced_result; writable: cancel, forced_result
---| "combat.strengths"  # ctx: attack, defend, close_combat, estimate; writable: attack, defend
---| "combat.odds"       # ctx: column, shift, estimate; writable: shift
---| "combat.result"     # ctx: result, roll, modifier, advance_required, advance_mark; writable: result, advance_required, advance_mark
---| "unit.retreated"    # ctx: unit, from, displaced
---| "unit.eliminated"   # ctx: unit
---| "turn.end"          # ctx: turn
---| "move.shared_hex"   # ctx: unit, others
---| "unit.arrived"      # ctx: unit, due
---| "combat.roll"       # ctx: column, modifier; writable: modifier
---| "sight.check"       # ctx: viewer, from, to, hexes, alternatives, blocked; writable: blocked. A query: handlers only read
---| "combat.resolved"   # ctx: attackers, defenders, result
---| "activation.begin"  # ctx: formation, side
---| "table.allowance"   # ctx: unit, order, turn, reform, reaction, terrain, thirds; writable: thirds
---| "fire.steps"        # ctx: firer, target, range, max_range, rank, volley, step, figures, at_attacker; writable: step, figures
---| "shock.dice"        # ctx: attacker, defender, figures, dice; writable: dice
---| "melee.point"       # ctx: unit, enemy, aspect, charged, point, figures; writable: point, figures
---| "morale.shift"      # ctx: unit, value, losses, columns; writable: columns
---| "charge.begin"      # ctx: unit, target, cancel, target_flees; writable: cancel, target_flees
---| "figures.lost"      # ctx: unit, cause, direct, count; writable: count
---| "unit.advanced"     # ctx: unit, from, to
---| "loss.candidate"    # ctx: unit, side, last, refused; writable: refused. A query: handlers only read
---| "fire.reach"        # ctx: firer, target, range; writable: range. A query: handlers only read
---| "order.check"       # ctx: unit, mode, bearing, distance, files, facing, target, refused; writable: refused. A query: handlers only read
---| "position.evaluate" # ctx: side, score; writable: score. A query: handlers only read

-- Event contexts ---------------------------------------------------------------
-- Numeric fields arrive as integers, yes/no ones as 0 or 1 (0 is true in Lua:
-- compare with ~= 0). Only the fields marked writable are read back: numbers as
-- integers (use //, not /) or booleans, a float is ignored; texts as strings.
-- Lists are copies: changing them changes nothing.

---@class sandtable.SetupContext

---@class sandtable.PhaseContext
---@field phase string the phase id from ruleset.yaml, e.g. "movement"
---@field side sandtable.Side the active side

---@class sandtable.MoveExitZocContext
---@field unit sandtable.Unit the unit selected to move, standing in an enemy zone of control
---@field allowed integer|boolean writable: set true to let it leave (arrives as 0)
---@field mode? "solid"|"open"|"free" writable: "solid" (default): not straight into another enemy zone; "open": into no enemy zone this move; "free": it stops in the next enemy zone it enters

---@class sandtable.MoveEndContext
---@field unit sandtable.Unit the unit that moved
---@field path integer[] hex indices of the route, the starting hex first; see game.hex_of_index

---@class sandtable.FireResultContext
---@field firer sandtable.Unit the unit that fired
---@field target sandtable.Unit the unit fired at
---@field roll integer the die
---@field factor integer the firer's fire factor
---@field hit integer|boolean writable: 1 hit (the target is disordered), 0 miss

---@class sandtable.CombatDeclaredContext
---@field attackers sandtable.Unit[]
---@field defenders sandtable.Unit[]
---@field cancel? integer|boolean writable: true calls the combat off
---@field forced_result? string writable: a combat result code to apply without odds or roll (not checked)

---@class sandtable.CombatStrengthsContext
---@field attack integer writable: total attack (already halved and rounded up, leaders included); dice in a dice pool combat
---@field defend integer writable: total defence; dice in a dice pool combat
---@field close_combat? integer in a dice pool combat: 1 at close quarters, 0 for distant fire
---@field estimate? integer 1 when asked as a query (docs/adr/0007)

---@class sandtable.CombatOddsContext
---@field column integer 0-based index of the column before shifts (read-only)
---@field shift integer writable: column shift, negative towards the defender
---@field estimate? integer 1 when asked as a query: a bot or the studio estimating a possible combat (docs/adr/0007)

---@class sandtable.CombatResultContext
---@field result string writable: the result code (a new one must be under combat_results; not checked)
---@field roll integer the die as rolled (before the modifier), 0 when none was rolled
---@field modifier integer the die-roll modifier combat.roll's handlers set (0 when none, or no die)
---@field advance_required integer|boolean writable: true = the winner may not decline the advance
---@field advance_mark? string writable: only units of the advancing side with this mark (not 0) may advance

---@class sandtable.UnitRetreatedContext
---@field unit sandtable.Unit
---@field from sandtable.Hex the hex it retreated from
---@field displaced? integer 1 for a unit displaced by a friend's retreat, else absent

---@class sandtable.UnitEliminatedContext
---@field unit sandtable.Unit

---@class sandtable.TurnEndContext
---@field turn integer the game turn that ends

---@class sandtable.MoveSharedHexContext
---@field unit sandtable.Unit the unit that arrived (by moving, advancing, rallying or game.move)
---@field others sandtable.Unit[] the units of other sides already in the hex

---@class sandtable.UnitArrivedContext
---@field unit sandtable.Unit the reinforcement, now in its entry hex
---@field due integer the turn it was due (earlier than now when the enemy held its hex)

---@class sandtable.CombatRollContext
---@field column integer 0-based index of the final column, after shifts (read-only)
---@field modifier integer writable: added to the die before the CRT is read (arrives as 0; add to it); a sum below the first row reads the first row, above the last the last

---@class sandtable.SightCheckContext
---@field viewer sandtable.Unit the unit looking
---@field from integer hex index of its hex (see game.hex_of_index)
---@field to integer hex index of the hex it looks at
---@field hexes integer[] hex indices the line crosses, both ends left out
---@field alternatives integer[] for each of hexes: the other hex where the line runs along a hexside, else -1
---@field blocked integer|boolean writable: set true when sight is blocked (arrives as 0)

---@class sandtable.CombatResolvedContext
---@field attackers sandtable.Unit[]
---@field defenders sandtable.Unit[]
---@field result string the combat's result

---@class sandtable.ActivationBeginContext
---@field formation string the formation activated
---@field side sandtable.Side its side

---@class sandtable.TableAllowanceContext
---@field unit sandtable.Unit
---@field order integer 0 hold, 1 advance, 2 charge, 3 withdraw
---@field turn integer degrees its march turns from its facing
---@field reform integer 1: it changes files
---@field reaction integer 1: a morale reaction's move, not an order
---@field terrain integer thirds the ground on its way takes: areas, hill levels and lines crossed, roads left out
---@field thirds integer writable: thirds of its move lost (arrives as 0; negative gains); terrain's are added after, and a road's gain for the part of the way on it

---@class sandtable.FireStepsContext
---@field firer sandtable.Unit the unit that fires
---@field target sandtable.Unit the unit fired at
---@field range integer cm, as fired
---@field max_range integer cm
---@field rank integer 1 or 2
---@field volley integer 1 or 2
---@field step integer writable: its start on the fire ladder plus range steps
---@field figures integer writable: the rank's figures in reach: how many of them fire (0: the rank holds its fire)
---@field at_attacker integer 1: it fires at an enemy in contact with it that came to it this turn (`attacked_fire_first`)

---@class sandtable.ShockDiceContext
---@field attacker sandtable.Unit the charging unit
---@field defender sandtable.Unit the enemy it is in contact with
---@field figures integer the attacker's figures in contact
---@field dice integer writable: the shock dice rolled: its shock x figures

---@class sandtable.MeleePointContext
---@field unit sandtable.Unit
---@field enemy sandtable.Unit the enemy in contact
---@field aspect integer 0 front, 1 flank, 2 rear: where the enemy strikes it from
---@field charged integer 1: the enemy charged it
---@field point integer writable: the melee point it rolls for
---@field figures integer writable: its figures that roll

---@class sandtable.MoraleShiftContext
---@field unit sandtable.Unit
---@field value integer its morale value
---@field losses integer figures it lost this turn
---@field columns integer writable: columns to the right on the morale chart (arrives as 0)

---@class sandtable.ChargeBeginContext
---@field unit sandtable.Unit the charging unit
---@field target sandtable.Unit the unit it charges
---@field cancel integer writable: 1: it does not charge, and stands where it is
---@field target_flees integer writable: 1: the target turns and goes a third of a move away

---@class sandtable.FiguresLostContext
---@field unit sandtable.Unit
---@field cause string fire, artillery, shock, melee, rout, ...
---@field direct string artillery: the ids of the shots whose hit circle had one of its figures under the cross-hairs, comma-separated; else empty
---@field count integer writable: the figures it loses

---@class sandtable.UnitAdvancedContext
---@field unit sandtable.Unit
---@field from sandtable.Hex the hex it left
---@field to sandtable.Hex the hex it advanced to

---@class sandtable.LossCandidateContext
---@field unit sandtable.Unit a unit that may take the loss its side owes
---@field side sandtable.Side its side
---@field last integer 1 when the loss would remove it from the map
---@field refused integer|boolean writable: set true to keep it from taking the loss while another unit can (arrives as 0; regimental 4.0: a support company goes before its core stand's last strength point)

---@class sandtable.FireReachContext
---@field firer sandtable.Unit the unit that fires
---@field target sandtable.Unit the unit it would fire at
---@field range integer writable: cm its missiles reach that target (arrives as its range attribute; Cady: more from a hill, 6 cm in and out of a forest in the musket period)

---@class sandtable.OrderCheckContext
---@field unit sandtable.Unit the unit the order is written for
---@field mode integer 0 hold, 1 advance, 2 charge, 3 withdraw
---@field bearing integer degrees, the way it marches
---@field distance integer mm
---@field files integer files it re-forms to (0: as it is)
---@field facing integer degrees it faces at the end (-1: the way it marched)
---@field target sandtable.Unit|integer a charge's target (-1: none)
---@field refused integer|boolean writable: set true to refuse the order (arrives as 0; Cady's phalanx moves only straight ahead or back)

---@class sandtable.PositionEvaluateContext
---@field side sandtable.Side the side the position is scored for
---@field score integer writable: hundredths added to the side's score (arrives as 0; 100 is as much as the side's whole strength on the table), times the scenario's `evaluation: script` weight

-- end of events

---@alias sandtable.Capability
---| "exerts_zoc"                  # default 1
---| "retreat_hexes"               # default 1
---| "advance_hexes"               # default 1
---| "disordered_by_retreat"       # default 1: a retreat flips it to its back face
---| "disorders_retreated_through" # default 1: friends it retreats through are disordered
---| "blocks_enemy_entry"          # default 1: enemies may not enter its hex
---| "stacks_freely"               # default 0: 1 = never counts against stacking (leaders)
---| "enter_ezoc_needs_friend"     # default 0: 1 = enters an enemy ZOC only where a friend stands
---| "can_be_fired_at"             # default 1
---| "auto_reorganize"             # default 0: 1 = reorganizes without a roll
---| "flips_at_movement_start"     # default 0: 1 = may change face before its side's first move; 2 = the same, not in an EZOC
---| "faces"                       # default 0: 1 = has a facing: moves, attacks and exerts its zone only through its front
---| "victory_points"              # default -1: front strength x vp_per_enemy_strength; 0 or more: what eliminating it scores
---| "ezoc_entry_cost"             # default -1: entering an enemy zone of control ends the move; 0 or more: that many MP more, and it goes on
---| "ignores_zoc_barriers"        # default 0: 1 = may cross no_zoc_to_zoc hexsides and terrain from zone to zone (commandos)
---| "reorganizes"                 # default 1: 0 = a back face taken by choice, never rolled for by recovery
---| "changes_formation"           # default 1: 0 = a tabletop's order may not change its files (Cady's peasants and militia)

---What a handler asks to see (game.on's third argument). A filter on a field
---the event does not carry never matches: only phase.begin and phase.end carry
---`phase`; move.exit_zoc, move.end, move.shared_hex, unit.retreated,
---unit.advanced, unit.eliminated and unit.arrived carry `unit`.
---@class sandtable.HandlerFilter
---@field phase? string run only when ctx.phase is this phase id
---@field unit_has? string run only when ctx.unit's attribute of this name is not zero (true; not an enum's first value)
---@field unit_types? string[] run only when ctx.unit's type is one of these unit type ids

-- Return values -------------------------------------------------------------------

---@class sandtable.UnitInfo
---@field id string the unit's id in the scenario
---@field type sandtable.UnitType
---@field side sandtable.Side
---@field hex sandtable.Hex its hex (the last one, for an eliminated unit)
---@field back boolean its back face is showing
---@field on_map boolean
---@field eliminated boolean
---@field arrives integer the turn it was due on the map (1: set up at the start); a reinforcement still to come is neither on_map nor eliminated
---@field strength integer current combat strength (the odds_combat `strength` attribute, `combat` by default)
---@field movement integer current movement allowance (the movement `allowance` attribute, `movement` by default)
---@field formation? string the formation (regiment) the scenario puts it in; nil when none
---@field hits integer strength points lost (a dice pool's losses)

---@class sandtable.CombatInfo
---@field attackers sandtable.Unit[]
---@field defenders sandtable.Unit[]
---@field attack integer 0 until combat.strengths has run
---@field defend integer 0 until combat.strengths has run
---@field result string "" until the result is known
---@field open boolean a combat is under way (declared, not yet over)
---@field plotted boolean the combat carries out plotted orders (simultaneous sequence)
---@field cancelled boolean a handler has called it off
---@field column integer 0-based column once the odds are found, -1 before

---@class sandtable.PlotInfo
---@field task "hold"|"move"|"fire"|"defensive_fire"|"melee"
---@field hex? sandtable.Hex the target or destination (absent for hold)

-- The module's parameters --------------------------------------------------------

---The `params:` of this module in ruleset.yaml, as a table (empty when none).
---Set only while the module loads: read what you need into locals at the top.
---@type table<string, any>
params = {}

-- The game ------------------------------------------------------------------------------

---The kernel API. Unit handles are 0-based integers, hexes are label strings.
game = {}

---Registers a handler; handlers of one event run in registration order. Call while loading.
---With a filter the handler runs only where the filter matches; unknown filter keys are errors.
---@param event sandtable.Event
---@param handler fun(ctx: table)
---@param filter? sandtable.HandlerFilter
---@overload fun(event: "game.setup", handler: fun(ctx: sandtable.SetupContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "phase.begin", handler: fun(ctx: sandtable.PhaseContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "phase.end", handler: fun(ctx: sandtable.PhaseContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "move.exit_zoc", handler: fun(ctx: sandtable.MoveExitZocContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "move.end", handler: fun(ctx: sandtable.MoveEndContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "move.shared_hex", handler: fun(ctx: sandtable.MoveSharedHexContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "fire.result", handler: fun(ctx: sandtable.FireResultContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "combat.declared", handler: fun(ctx: sandtable.CombatDeclaredContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "combat.strengths", handler: fun(ctx: sandtable.CombatStrengthsContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "combat.odds", handler: fun(ctx: sandtable.CombatOddsContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "combat.roll", handler: fun(ctx: sandtable.CombatRollContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "combat.result", handler: fun(ctx: sandtable.CombatResultContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "unit.retreated", handler: fun(ctx: sandtable.UnitRetreatedContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "unit.advanced", handler: fun(ctx: sandtable.UnitAdvancedContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "loss.candidate", handler: fun(ctx: sandtable.LossCandidateContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "fire.reach", handler: fun(ctx: sandtable.FireReachContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "order.check", handler: fun(ctx: sandtable.OrderCheckContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "unit.eliminated", handler: fun(ctx: sandtable.UnitEliminatedContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "turn.end", handler: fun(ctx: sandtable.TurnEndContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "unit.arrived", handler: fun(ctx: sandtable.UnitArrivedContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "combat.resolved", handler: fun(ctx: sandtable.CombatResolvedContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "sight.check", handler: fun(ctx: sandtable.SightCheckContext), filter?: sandtable.HandlerFilter)
---@overload fun(event: "activation.begin", handler: fun(ctx: sandtable.ActivationBeginContext), filter?: sandtable.HandlerFilter)
function game.on(event, handler, filter) end

---Wraps every handler rule module `module` registered for `event` (a house
---rule changing a module it does not own). The wrapper runs in place of each
---such handler, under the same filter, as wrapper(next, ctx); calling
---next(ctx) runs the original. Only at a module's top level, and only for a
---module loaded before this one.
---@param module string the rule module whose handlers are wrapped, e.g. "charges"
---@param event sandtable.Event
---@param wrapper fun(next: fun(ctx: table), ctx: table)
function game.wrap(module, event, wrapper) end

-- The ruleset

---The unit type ids, in ruleset order.
---@return sandtable.UnitType[]
function game.unit_types() end

---Whether the unit type has a back face (false for an unknown type).
---@param type sandtable.UnitType
---@return boolean
function game.has_back(type) end

---An attribute of a unit type's face; nil for the back of a single-faced type.
---@param type sandtable.UnitType
---@param face sandtable.Face "back", or anything else for the front
---@param attribute string
---@return sandtable.AttributeValue|nil
function game.type_attr(type, face, attribute) end

---Sets a capability of a unit type's face (or both faces), normally in game.setup.
---@param type sandtable.UnitType
---@param face sandtable.FaceOrBoth
---@param capability sandtable.Capability
---@param value integer|boolean
function game.set_capability(type, face, capability, value) end

-- Units

---The number of units in the scenario: handles run from 0 to unit_count() - 1.
---@return integer
function game.unit_count() end

---A table describing the unit (builds a table: prefer the single-field accessors in loops).
---@param unit sandtable.Unit
---@return sandtable.UnitInfo
function game.unit(unit) end

---The unit's id from the scenario.
---@param unit sandtable.Unit
---@return string
function game.id(unit) end

---@param unit sandtable.Unit
---@return sandtable.Side
function game.side(unit) end

---@param unit sandtable.Unit
---@return sandtable.Hex
function game.hex(unit) end

---Whether its back face is showing (BMW: disordered).
---@param unit sandtable.Unit
---@return boolean
function game.is_back(unit) end

---Movement allowance of the face showing.
---@param unit sandtable.Unit
---@return integer
function game.movement(unit) end

---An attribute of the face showing.
---@param unit sandtable.Unit
---@param attribute string
---@return sandtable.AttributeValue
function game.attr(unit, attribute) end

---The unit's mark, 0 when not set.
---@param unit sandtable.Unit
---@param key string
---@return integer
function game.mark(unit, key) end

---Sets a mark; 0 (or false) removes it. Marks are rolled back and checksummed: keep state here.
---@param unit sandtable.Unit
---@param key string
---@param value integer|boolean
function game.set_mark(unit, key, value) end

---The side's units on the map, in scenario order.
---@param side sandtable.Side
---@return sandtable.Unit[]
function game.units_of(side) end

---The side's units on the map whose attribute is not zero on the face showing
---(true; not an enum's first value), in scenario order. Cheaper than units_of plus game.attr.
---@param side sandtable.Side
---@param attribute string
---@return sandtable.Unit[]
function game.units_with(side, attribute) end

---Units on the map in the hex.
---@param hex sandtable.Hex
---@return sandtable.Unit[]
function game.units_at(hex) end

---The side's units on the map at most `range` hexes from the hex (0: in it), in scenario order.
---Cheaper than units_of plus game.hex and game.distance on each.
---@param hex sandtable.Hex
---@param range integer
---@param side sandtable.Side
---@return sandtable.Unit[]
function game.units_within(hex, range, side) end

---Units of other sides on the map next to the unit.
---@param unit sandtable.Unit
---@return sandtable.Unit[]
function game.adjacent_enemies(unit) end

---Hexes from a hex to the nearest unit on the map of a side other than `side`.
---@param hex sandtable.Hex
---@param side sandtable.Side
---@return integer|nil distance nil when no other side has a unit on the map
function game.nearest_enemy(hex, side) end

---Whether a unit of a side other than `side` stands in the hex.
---@param hex sandtable.Hex
---@param side sandtable.Side
---@return boolean
function game.enemy_at(hex, side) end

---Units whose mark is not 0: any side, on the map or not, in handle order.
---@param key string
---@return sandtable.Unit[]
function game.marked(key) end

-- The map

---The terrain id of the hex.
---@param hex sandtable.Hex
---@return string
function game.terrain(hex) end

---The terrain's charge_allowed flag.
---@param hex sandtable.Hex
---@return boolean
function game.charge_allowed(hex) end

---Distance in hexes.
---@param a sandtable.Hex
---@param b sandtable.Hex
---@return integer
function game.distance(a, b) end

---The hex next to `hex` in direction d (0-5, going round the hex, so (d+1)%6 and (d+5)%6 are
---the hexes on either side of it), nil when that hex is off the map.
---@param hex sandtable.Hex
---@param d integer
---@return sandtable.Hex|nil
function game.neighbour(hex, d) end

---The id of the hexside feature between two adjacent hexes, nil when there is none.
---Fails when the hexes are not adjacent.
---@param a sandtable.Hex
---@param b sandtable.Hex
---@return string|nil
function game.hexside(a, b) end

---The label of a hex index (move.end's path). Fails for an index not on the map.
---@param index integer
---@return sandtable.Hex
function game.hex_of_index(index) end

---Whether a zone of control of another side reaches the hex.
---@param side sandtable.Side
---@param hex sandtable.Hex
---@return boolean
function game.in_enemy_zoc(side, hex) end

---Where the unit could end a retreat of `hexes` hexes under the kernel's retreat rules.
---@param unit sandtable.Unit
---@param hexes integer
---@return sandtable.Hex[]
function game.retreat_destinations(unit, hexes) end

-- The game

---The side whose phase it is.
---@return sandtable.Side
function game.active_side() end

---The combat being resolved.
---@return sandtable.CombatInfo
function game.combat() end

---A kernel capability of the unit's current face (see game.set_capability).
---@param unit sandtable.Unit
---@param capability sandtable.Capability
---@return integer
function game.capability(unit, capability) end

---The id of the phase in progress.
---@return string
function game.phase() end

---The game-turn, from 1.
---@return integer
function game.turn() end

---Player-turns begun so far, this one included (1 in the first side's first player-turn).
---@return integer
function game.player_turn() end

---How many sides the scenario has (numbered from 0).
---@return integer
function game.side_count() end

---The side's name.
---@param side sandtable.Side
---@return string
function game.side_name(side) end

---A number the hex's terrain declares under `values:`, 0 if none.
---@param hex sandtable.Hex
---@param name string
---@return integer
function game.terrain_value(hex, name) end

---The hex's terrain blocks line of sight (`blocks_los`).
---@param hex sandtable.Hex
---@return boolean
function game.blocks_sight(hex) end

---The map's terrain and hexsides leave the line between two hexes clear (the kernel's own test, without sight.check).
---@param from sandtable.Hex
---@param to sandtable.Hex
---@return boolean
function game.map_sight(from, to) end

---The MP the unit pays to step between adjacent hexes; nil when it may not.
---@param unit sandtable.Unit
---@param from sandtable.Hex
---@param to sandtable.Hex
---@return integer|nil
function game.step_cost(unit, from, to) end

---The unit may end a move in the hex (its side's stacking limit, the ruleset's stacking_mixes).
---@param unit sandtable.Unit
---@param hex sandtable.Hex
---@return boolean
function game.may_stack(unit, hex) end

---The side's stacking limit.
---@param side sandtable.Side
---@return integer
function game.stacking_limit(side) end

---The result on the phase's odds table at a 0-based column for a modified roll.
---@param column integer
---@param roll integer
---@return string
function game.crt_result(column, roll) end

---The formation (regiment) the scenario puts the unit in; nil when none.
---@param unit sandtable.Unit
---@return string?
function game.formation(unit) end

---A side's formations, in the order the scenario first names them.
---@param side sandtable.Side
---@return string[]
function game.formations(side) end

---Every unit of a formation, on the map or not. Fails: `no formation 'x' in this scenario`.
---@param name string
---@return sandtable.Unit[]
function game.formation_units(name) end

---The formation activated now in an activation loop; nil outside one (and during a roll-off).
---@return string?
function game.activation() end

---A formation's order as revealed (an id of the ruleset's `orders:`); nil when the ruleset has none.
---@param name string
---@return string?
function game.order(name) end

---Puts a formation under an order at once (an HQ lost forces Hold). Logged.
---@param name string
---@param order string an id of the ruleset's `orders:`
function game.set_order(name, order) end

---The unit's status in a dice pool combat: its formation's order, or the chart's `unordered_status`.
---@param unit sandtable.Unit
---@return string
function game.status(unit) end

---Strength points the unit has lost.
---@param unit sandtable.Unit
---@return integer
function game.hits(unit) end

---Strength points the unit has left (the dice pool chart's `strength_points` attribute less its hits).
---@param unit sandtable.Unit
---@return integer
function game.strength_points(unit) end

---Sets the strength points the unit has lost (night recovery); a unit left with none is eliminated.
---@param unit sandtable.Unit
---@param hits integer 0 or more
function game.set_hits(unit, hits) end

---Puts an eliminated unit back on the map in `hex`, with `hits` strength points lost (default 0):
---an HQ's return, a stand rebuilt at night. No checks (terrain, stacking, enemies): vet the hex first.
---Its loss stays counted for victory. Fails: `game.restore: X is not eliminated: …`.
---@param unit sandtable.Unit
---@param hex sandtable.Hex
---@param hits? integer
function game.restore(unit, hex, hits) end

---Is this game-turn a night (the ruleset's `day:`)?
---@return boolean
function game.is_night() end

---The day, from 1 (the ruleset's `day:`; 1 without days).
---@return integer
function game.day() end

---The unit's written orders this game-turn (simultaneous sequence); rules see both sides'.
---@param unit sandtable.Unit
---@return sandtable.PlotInfo
function game.plot(unit) end

---The direction 0-5 the unit's front faces, nil when it has none.
---@param unit sandtable.Unit
---@return integer|nil
function game.facing(unit) end

---The hex lies in the unit's front (always, for a unit without facing).
---@param unit sandtable.Unit
---@param hex sandtable.Hex
---@return boolean
function game.in_front(unit, hex) end

---The direction 0-5 from a hex to an adjacent hex, nil when not adjacent.
---@param from sandtable.Hex
---@param to sandtable.Hex
---@return integer|nil
function game.direction(from, to) end

-- Changing the game

---Shows the back face (true) or the front (false). Not logged.
---@param unit sandtable.Unit
---@param back boolean
function game.flip(unit, back) end

---Turns the unit to its back face, logged; nothing if already there or single-faced.
---@param unit sandtable.Unit
function game.disorder(unit) end

---Puts the unit in the hex, logged. No checks; raises only move.shared_hex (when
---units of another side stand in the hex). Refuses a reinforcement that has
---not arrived yet.
---@param unit sandtable.Unit
---@param hex sandtable.Hex
function game.move(unit, hex) end

---Eliminates a unit on the map: its front-face strength counts as lost; raises
---unit.eliminated and checks morale (the game may end).
---@param unit sandtable.Unit
function game.eliminate(unit) end

---Calls off the combat being resolved (from combat.declared, or a question asked there).
function game.cancel_combat() end

---Fixes the combat's result (from combat.declared, combat.strengths or combat.odds).
---@param code string a code under combat_results (checked)
function game.force_result(code) end

---Rolls one die from the kernel's seeded, logged generator.
---@param faces? integer default 6, at least 2
---@param why? string for the log, default "script"
---@return integer roll 1..faces
function game.roll(faces, why) end

---Asks a player; returns at once. The answer arrives later as a `choose` action and
---`callback` is called with the 1-based index of the option chosen.
---@param side sandtable.Side who answers
---@param prompt string
---@param options string[] at least one
---@param callback fun(answer: integer)
function game.choose(side, prompt, options, callback) end

---Adds a line to the game log.
---@param text string
function game.log(text) end

---Turns the unit to face direction 0-5.
---@param unit sandtable.Unit
---@param direction integer
function game.set_facing(unit, direction) end

---The unit counts as not attacked this phase: it may be attacked (again).
---PRESTAGS 17.3: units that retreat before combat are subject to any attack against their new hex.
---@param unit sandtable.Unit
function game.clear_attacked(unit) end

-- The tabletop (a ruleset with geometry kind table: Cady's rules). Distances in cm.

---Figures the unit has left.
---@param unit sandtable.Unit
---@return integer
function game.figures(unit) end

---Figures the unit has lost this game turn.
---@param unit sandtable.Unit
---@return integer
function game.figures_lost(unit) end

---Figures the unit set up with.
---@param unit sandtable.Unit
---@return integer
function game.figures_at_start(unit) end

---Removes figures from the unit (raises figures.lost; with none left it is eliminated).
---@param unit sandtable.Unit
---@param count integer 0 or more
---@param why? string the cause, for the log and figures.lost
function game.lose_figures(unit, count, why) end

---Stands the unit has now (its figures over figures_per_stand, rounded up).
---@param unit sandtable.Unit
---@return integer
function game.stands(unit) end

---Stands side by side in its front rank.
---@param unit sandtable.Unit
---@return integer
function game.files(unit) end

---Ranks of stands, front to back.
---@param unit sandtable.Unit
---@return integer
function game.ranks(unit) end

---Figures in one rank of its formation.
---@param unit sandtable.Unit
---@param rank integer 1 is the front rank
---@return integer
function game.rank_figures(unit, rank) end

---Where the centre of its front rank stands, and its facing.
---@param unit sandtable.Unit
---@return number x cm east of the table's west edge
---@return number y cm south of its north edge
---@return integer facing compass bearing, degrees
function game.position(unit) end

---Its written order as revealed: { mode = "hold"|"advance"|"charge"|"withdraw", bearing, distance (cm), files, facing, target }.
---@param unit sandtable.Unit
---@return table
function game.table_order(unit) end

---The enemy units its bases touch (within the ruleset's contact distance).
---@param unit sandtable.Unit
---@return sandtable.Unit[]
function game.in_contact(unit) end

---The distance between two units' nearest bases.
---@param a sandtable.Unit
---@param b sandtable.Unit
---@return number cm
function game.distance_cm(a, b) end

---The compass bearing from a's front centre to b's.
---@param a sandtable.Unit
---@param b sandtable.Unit
---@return number degrees
function game.bearing(a, b) end

---Where `other` stands against the unit: 0 its front (within 45 degrees), 1 a flank, 2 its rear.
---@param unit sandtable.Unit
---@param other sandtable.Unit
---@return integer
function game.aspect(unit, other) end

---The hill level its front stands on.
---@param unit sandtable.Unit
---@return integer
function game.ground(unit) end

---Thirds of its move the unit used this game turn (0-3).
---@param unit sandtable.Unit
---@return integer
function game.moved_thirds(unit) end

---The post-melee reaction it carries out next: 0 none, 1 back, 2 back and turn.
---@param unit sandtable.Unit
---@return integer
function game.reaction(unit) end

---Does one of its stands stand in an area of this terrain (with edge_cm: within that far of the area's edge)?
---@param unit sandtable.Unit
---@param terrain string an area terrain id
---@param edge_cm? number
---@return boolean
function game.in_area(unit, terrain, edge_cm) end

---Does a line feature of this terrain cross the way from a to b (with within_cm: no further than that from b)?
---@param a sandtable.Unit
---@param b sandtable.Unit
---@param terrain string a line terrain id
---@param within_cm? number
---@return boolean
function game.line_between(a, b, terrain, within_cm) end

---Moves the unit straight, keeping its facing (a push back, a rampage); nothing checks what it runs into.
---@param unit sandtable.Unit
---@param bearing number degrees
---@param cm number
function game.shift(unit, bearing, cm) end

---@class sandtable.TableOrder
---@field mode "hold"|"advance"|"charge"|"withdraw"
---@field bearing? number degrees
---@field distance? number cm
---@field target? sandtable.Unit a charge's target
---@field files? integer 0 keeps the formation
---@field facing? integer degrees; -1 the way it marched

---Gives a unit that takes no written orders its order for the turn, checked as a written order is. Tabletop only.
---@param unit sandtable.Unit
---@param order sandtable.TableOrder
function game.set_table_order(unit, order) end

---The units with a base within cm of a point.
---@param x number
---@param y number
---@param cm number
---@return sandtable.Unit[]
function game.units_near(x, y, cm) end
