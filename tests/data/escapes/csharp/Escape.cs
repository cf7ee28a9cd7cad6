// The escape tries in C#: `Escape.exe TRY VALUE` (tests/helpers/escapes.py).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net.Sockets;
using System.Threading;

public static class Escape
{
    public static int Main(string[] args)
    {
        string try_ = args[0], value = args.Length > 1 ? args[1] : "";
        try
        {
            switch (try_)
            {
                case "write":
                    File.AppendAllText(value, "x\n");
                    break;
                case "read":
                    Console.WriteLine(File.ReadAllText(value));
                    break;
                case "connect":
                    new TcpClient("127.0.0.1", int.Parse(value)).Close();
                    break;
                case "daemon":
                    var info = new ProcessStartInfo("setsid", "-f sleep " + value);
                    info.UseShellExecute = false;
                    Process.Start(info).WaitForExit();
                    break;
                case "fork":
                    while (true) Process.Start(new ProcessStartInfo("sleep", value) { UseShellExecute = false });
                case "allocate":
                    var kept = new List<byte[]>();
                    for (int i = 0; i < 8; i++)
                    {
                        var block = new byte[1 << 30];
                        for (int j = 0; j < block.Length; j += 4096) block[j] = 1;
                        kept.Add(block);
                    }
                    break;
                case "disk":
                    var chunk = new byte[1 << 20];
                    for (long n = 0; ; n++)
                        using (var output = File.Create(value + n + ".bin"))
                            for (int i = 0; i < 16; i++) output.Write(chunk, 0, chunk.Length);
                case "sleep":
                    Thread.Sleep(Timeout.Infinite);
                    break;
                case "print":
                    while (true) Console.WriteLine("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
            }
        }
        catch (Exception e) when (e is IOException || e is SocketException
                                  || e is UnauthorizedAccessException || e is OutOfMemoryException)
        {
            Console.WriteLine("ERR " + e.GetType().Name + ": " + e.Message);
            return 1;
        }
        Console.WriteLine("done");
        return 0;
    }
}
