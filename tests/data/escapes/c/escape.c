/* The escape tries in C: `escape TRY VALUE` (tests/helpers/escapes.py). */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static int fail(const char *what) { printf("ERR %s: %s\n", what, strerror(errno)); return 1; }

int main(int argc, char **argv) {
    const char *try_ = argv[1], *value = argc > 2 ? argv[2] : "";
    if (!strcmp(try_, "write")) {
        FILE *f = fopen(value, "a");
        if (!f) return fail("write");
        fputs("x\n", f);
        fclose(f);
    } else if (!strcmp(try_, "read")) {
        char text[256] = {0};
        FILE *f = fopen(value, "r");
        if (!f) return fail("read");
        if (fgets(text, sizeof text, f)) printf("%s\n", text);
    } else if (!strcmp(try_, "connect")) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in to = {0};
        to.sin_family = AF_INET;
        to.sin_port = htons(atoi(value));
        inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        if (connect(s, (struct sockaddr *)&to, sizeof to)) return fail("connect");
    } else if (!strcmp(try_, "daemon")) {
        if (fork() == 0) {
            setsid();
            if (fork() == 0) {
                close(0); close(1); close(2);
                execlp("sleep", "sleep", value, (char *)NULL);
            }
            _exit(0);
        }
        wait(NULL);
    } else if (!strcmp(try_, "fork")) {
        for (;;) if (fork() == 0) for (;;) pause();
    } else if (!strcmp(try_, "allocate")) {
        size_t n = (size_t)8 << 30;
        char *p = malloc(n);
        if (!p) return fail("allocate");
        for (size_t i = 0; i < n; i += 4096) p[i] = 1;
    } else if (!strcmp(try_, "disk")) {
        static char block[1 << 20];
        memset(block, 'x', sizeof block);
        for (long n = 0;; n++) {
            char name[64];
            snprintf(name, sizeof name, "%s%ld.bin", value, n);
            FILE *f = fopen(name, "w");
            if (!f) return fail("disk");
            for (int i = 0; i < 16; i++)
                if (fwrite(block, 1, sizeof block, f) != sizeof block) return fail("disk");
            fclose(f);
        }
    } else if (!strcmp(try_, "sleep")) {
        for (;;) sleep(1000);
    } else if (!strcmp(try_, "print")) {
        for (;;) puts("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    }
    puts("done");
    return 0;
}
