-- Cady, Musket Period, Small Arms (multiple fires): "Small arms (pistol,
-- musket or rifle) may only fire when loaded. Loading takes 1/3rd of a turn
-- and firing takes another 1/3rd." A turn has three thirds; what the move
-- used is gone, and in the rest a loaded unit fires, loads, fires ..., an
-- unloaded one loads first. So, loaded: standing "fire, load, fire again",
-- after a third "fire and load", after two thirds "fire only"; not loaded:
-- standing "load, fire and reload", after a third "load and fire", after two
-- thirds "load but not fire"; after a whole move neither. A unit that does
-- not fire spends its free thirds loading. "At the beginning of the game all
-- small arms are considered loaded." The kernel gives two volleys standing
-- and one after part of a move; this module holds back those the loading
-- leaves no time for. State: mark "unloaded" (1), "fired_turn" (the turn).

-- The volleys a unit fires in `free` thirds, and whether it ends loaded.
local function fire_and_load(loaded, free)
  local volleys = 0
  for _ = 1, free do
    if loaded then volleys = volleys + 1 end
    loaded = not loaded   -- a third spent firing empties it, one spent loading fills it
  end
  return volleys, loaded
end

local function loaded(u) return game.mark(u, "unloaded") == 0 end
local function free_thirds(u) return 3 - game.moved_thirds(u) end

game.on("fire.steps", function(e)
  local u = e.firer
  if e.volley > fire_and_load(loaded(u), free_thirds(u)) then
    e.figures = 0
    return
  end
  game.set_mark(u, "fired_turn", game.turn())
end)

-- When all have fired: units that fired end as their thirds left them;
-- the others load if they had a third to do it in.
game.on("phase.end", function()
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).on_map and game.attr(u, "range") > 0 then
      local now, free = loaded(u), free_thirds(u)
      if game.mark(u, "fired_turn") == game.turn() then
        now = select(2, fire_and_load(now, free))
      elseif free > 0 then
        now = true
      end
      game.set_mark(u, "unloaded", now and 0 or 1)
    end
  end
end, { phase = "fire" })
