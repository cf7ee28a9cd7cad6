-- The escape tries in Lua: `escape.lua TRY VALUE` (tests/helpers/escapes.py).  Lua's
-- standard library has no sockets, fork or sleep: a Lua program reaches them through
-- os.execute, the shell, as a hostile one would.
local try, value = arg[1], arg[2] or ""

local function fail(what)
  print("ERR " .. tostring(what))
  os.exit(1)
end

if try == "write" then
  local f, err = io.open(value, "a")
  if not f then fail(err) end
  f:write("x\n")
  f:close()
elseif try == "read" then
  local f, err = io.open(value, "r")
  if not f then fail(err) end
  print(f:read("a"))
elseif try == "connect" then
  if not os.execute("bash -c 'echo hello > /dev/tcp/127.0.0.1/" .. value .. "' 2>/dev/null") then
    fail("connect: the shell could not connect")
  end
elseif try == "daemon" then
  os.execute("setsid -f sleep " .. value .. " >/dev/null 2>&1")
elseif try == "fork" then
  while true do os.execute("sleep " .. value .. " &") end
elseif try == "allocate" then
  local kept = {}  -- a Lua string holds at most 2 GiB: eight of 1 GiB
  for i = 1, 8 do kept[i] = string.rep(tostring(i), 1 << 30) end
  print(#kept)
elseif try == "disk" then
  local block = string.rep("x", 1 << 20)
  for n = 0, math.huge do
    local f, err = io.open(value .. n .. ".bin", "wb")
    if not f then fail(err) end
    for _ = 1, 16 do
      local ok, werr = f:write(block)
      if not ok then fail(werr) end
    end
    f:close()
  end
elseif try == "sleep" then
  while true do end
elseif try == "print" then
  while true do print(string.rep("x", 48)) end
end
print("done")
