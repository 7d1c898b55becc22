-- Cycles through the request paths listed in a file (one per line), one request each:
-- `wrk ... -s bench/wrk/paths.lua http://host:port -- paths.txt`.
local requests = {}
local count = 0
local turn = 0

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then
      count = count + 1
      requests[count] = wrk.format("GET", line)
    end
  end
  if count == 0 then
    error("no paths in " .. tostring(args[1]))
  end
end

function request()
  turn = turn % count + 1
  return requests[turn]
end
