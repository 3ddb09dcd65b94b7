-- F&M 6.0-6.1: zones of control and movement.
-- Every unit in an enemy zone of control may leave it (6.1). A leg unit that
-- enters an enemy zone stops there; one that starts in one may step straight
-- into another, and that ends its move ("by expending all its printed MA").
-- A mobile unit pays half its printed allowance (rounded down) on top of the
-- terrain to enter a hex in an enemy zone and may go on, from zone to zone as
-- long as it can pay. Commandos pay nothing extra (a mobile one goes on for
-- free; a leg one still stops where it enters a zone). Units whose `zoc`
-- attribute is false exert no zone of control.
--
--[[ params:
  mobile_attribute:   { type: attribute, default: mobile, doc: the unit attribute that makes a unit mobile }
  commando_attribute: { type: attribute, default: commando, doc: the unit attribute that makes a unit a commando }
  zoc_attribute:      { type: attribute, default: zoc, doc: "the unit attribute that says whether a unit exerts a zone of control (false: the black hexagon)" }
  allowance_attribute: { type: attribute, default: movement, doc: the printed movement allowance }
]]

---@class zones_of_control.params
---@field mobile_attribute? string the unit attribute that makes a unit mobile (default "mobile")
---@field commando_attribute? string the unit attribute that makes a unit a commando (default "commando")
---@field zoc_attribute? string the unit attribute that says whether a unit exerts a zone of control (default "zoc")
---@field allowance_attribute? string the printed movement allowance (default "movement")

---@type zones_of_control.params
local p = params
local mobile = p.mobile_attribute or "mobile"
local commando = p.commando_attribute or "commando"
local zoc = p.zoc_attribute or "zoc"
local allowance = p.allowance_attribute or "movement"

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    for _, face in ipairs({ "front", "back" }) do
      if game.type_attr(t, face, allowance) ~= nil then  -- nil: the type has no back face
        local is_commando = game.type_attr(t, face, commando)
        if is_commando then
          game.set_capability(t, face, "ignores_zoc_barriers", 1)  -- minefields and fortifications (6.1, exception)
        end
        -- A leg commando still stops on entering a zone (stopping is no
        -- movement cost); a mobile one goes on without the half allowance.
        if game.type_attr(t, face, mobile) then
          local extra = is_commando and 0 or game.type_attr(t, face, allowance) // 2
          game.set_capability(t, face, "ezoc_entry_cost", extra)
        end
        if not game.type_attr(t, face, zoc) then game.set_capability(t, face, "exerts_zoc", 0) end
      end
    end
  end
end)

game.on("move.exit_zoc", function(ctx)
  ctx.allowed = true
  ctx.mode = "free"
end)
