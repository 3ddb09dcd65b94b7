-- BMW 9.2 Cavalry retreats and advances: cavalry retreats three hexes (more if
-- it must, to reach an eligible hex) and advances up to three. Retreating
-- through friends disorders neither the cavalry nor the friends. A charger's
-- back is its faster side (9.6), not disorder: reorganization leaves it be.
-- Params are declared below.

--[[ params:
  retreat_hexes: { type: int, min: 0, max: 10, default: 3, doc: hexes cavalry retreats as a combat result }
  advance_hexes: { type: int, min: 0, max: 10, default: 3, doc: hexes cavalry may advance after combat }
]]

local retreat = params.retreat_hexes or 3
local advance = params.advance_hexes or 3

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    for _, face in ipairs({ "front", "back" }) do
      if (face == "front" or game.has_back(t)) and game.type_attr(t, face, "cavalry") then
        game.set_capability(t, face, "retreat_hexes", retreat)
        game.set_capability(t, face, "advance_hexes", advance)
        game.set_capability(t, face, "disorders_retreated_through", 0)
      end
      if face == "back" and game.has_back(t) and game.type_attr(t, "front", "charger") then
        game.set_capability(t, "back", "reorganizes", 0)
      end
    end
  end
end)
