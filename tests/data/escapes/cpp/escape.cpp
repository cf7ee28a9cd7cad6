// The escape tries in C++: `escape TRY VALUE` (tests/helpers/escapes.py).
#include <arpa/inet.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

static int fail(const std::string &what) {
    std::cout << "ERR " << what << ": " << std::strerror(errno) << std::endl;
    return 1;
}

int main(int argc, char **argv) {
    std::string try_ = argv[1], value = argc > 2 ? argv[2] : "";
    if (try_ == "write") {
        std::ofstream out(value, std::ios::app);
        if (!(out << "x\n")) return fail("write");
    } else if (try_ == "read") {
        std::ifstream in(value);
        std::string line;
        if (!std::getline(in, line)) return fail("read");
        std::cout << line << "\n";
    } else if (try_ == "connect") {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(std::stoi(value));
        inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        if (connect(s, reinterpret_cast<sockaddr *>(&to), sizeof to)) return fail("connect");
    } else if (try_ == "daemon") {
        if (fork() == 0) {
            setsid();
            if (fork() == 0) {
                close(0); close(1); close(2);
                execlp("sleep", "sleep", value.c_str(), static_cast<char *>(nullptr));
            }
            _exit(0);
        }
        wait(nullptr);
    } else if (try_ == "fork") {
        for (;;) if (fork() == 0) for (;;) pause();
    } else if (try_ == "allocate") {
        try {
            std::vector<char> block(std::size_t{8} << 30, 'x');
            std::cout << block[12345] << "\n";
        } catch (const std::bad_alloc &) {
            std::cout << "ERR std::bad_alloc" << std::endl;
            return 1;
        }
    } else if (try_ == "disk") {
        std::string block(1 << 20, 'x');
        for (long n = 0;; n++) {
            std::ofstream out(value + std::to_string(n) + ".bin", std::ios::binary);
            for (int i = 0; i < 16; i++) out << block;
            if (!out.flush()) return fail("disk");
        }
    } else if (try_ == "sleep") {
        for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    } else if (try_ == "print") {
        for (;;) std::cout << "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n";
    }
    std::cout << "done" << std::endl;
    return 0;
}
