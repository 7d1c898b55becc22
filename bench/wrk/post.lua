-- Sends every request as a POST of the body given as the script's argument:
-- `wrk ... -s bench/wrk/post.lua http://host:port/path -- '{"json":1}'`.
function init(args)
  wrk.method = "POST"
  wrk.body = args[1]
end
