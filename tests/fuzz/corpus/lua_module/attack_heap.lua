local hog = {}
game.on("phase.begin", function() pcall(function() while true do hog[#hog+1] = ("x"):rep(4096) end end) end)
