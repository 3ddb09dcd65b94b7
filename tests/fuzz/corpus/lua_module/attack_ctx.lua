game.on("combat.strengths", function(ctx) setmetatable(ctx, { __index = function() error("x") end }) end)
