# The escape tries in Ruby: `escape.rb TRY VALUE` (tests/helpers/escapes.py).
require "socket"

try, value = ARGV[0], ARGV[1] || ""
begin
  case try
  when "write" then File.open(value, "a") { |f| f.write("x\n") }
  when "read" then puts File.read(value)
  when "connect" then TCPSocket.new("127.0.0.1", Integer(value)).close
  when "daemon"
    fork do
      Process.setsid
      fork do
        [$stdin, $stdout, $stderr].each(&:close)
        exec("sleep", value)
      end
      exit!(0)
    end
    Process.wait
  when "fork"
    loop { fork { loop { sleep } } }
  when "allocate"
    block = "x" * (8 << 30)
    puts block.size
  when "disk"
    block = "x" * (1 << 20)
    (0..).each do |n|
      File.open("#{value}#{n}.bin", "wb") { |f| 16.times { f.write(block) } }
    end
  when "sleep" then sleep
  when "print" then loop { puts "x" * 48 }
  end
rescue SystemCallError, IOError, NoMemoryError => e
  puts "ERR #{e.class}: #{e.message}"
  exit 1
end
puts "done"
