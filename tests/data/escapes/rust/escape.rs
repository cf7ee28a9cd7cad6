// The escape tries in Rust: `escape TRY VALUE` (tests/helpers/escapes.py).
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::{env, fs, thread, time};

fn fail(error: impl std::fmt::Display) -> ! {
    println!("ERR {}", error);
    std::process::exit(1)
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let value = args.get(2).cloned().unwrap_or_default();
    match args[1].as_str() {
        "write" => {
            let mut f = OpenOptions::new().append(true).create(true).open(&value)
                .unwrap_or_else(|e| fail(e));
            f.write_all(b"x\n").unwrap_or_else(|e| fail(e));
        }
        "read" => println!("{}", fs::read_to_string(&value).unwrap_or_else(|e| fail(e))),
        "connect" => {
            TcpStream::connect(("127.0.0.1", value.parse::<u16>().unwrap()))
                .unwrap_or_else(|e| fail(e));
        }
        "daemon" => {
            Command::new("setsid").args(["-f", "sleep", &value]).stdout(Stdio::null())
                .stderr(Stdio::null()).status().unwrap_or_else(|e| fail(e));
        }
        "fork" => loop {
            Command::new("sleep").arg(&value).spawn().unwrap_or_else(|e| fail(e));
        },
        "allocate" => {
            let block = vec![1u8; 8 << 30];
            println!("{}", block[12345]);
        }
        "disk" => {
            let block = vec![b'x'; 1 << 20];
            for n in 0.. {
                let mut f = File::create(format!("{}{}.bin", value, n)).unwrap_or_else(|e| fail(e));
                for _ in 0..16 {
                    f.write_all(&block).unwrap_or_else(|e| fail(e));
                }
            }
        }
        "sleep" => loop {
            thread::sleep(time::Duration::from_secs(1000));
        },
        "print" => loop {
            println!("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
        },
        other => fail(other),
    }
    println!("done");
}
