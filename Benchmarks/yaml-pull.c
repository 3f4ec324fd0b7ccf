/* libyaml's bare event pull: the floor `tatami lint` is measured against (BENCHMARKS.md).
 *
 * Reads FILE into memory, hands it to libyaml as one string, pulls events until STREAM-END
 * (each one deleted as soon as it is pulled, nothing decoded or kept) and prints how many there
 * were. No Swift runtime, so the process's start-up is a C program's.
 *
 *   scripts/build-yaml-pull.sh          # builds .build/yaml-pull with cc -O2 and pkg-config's yaml-0.1
 *   .build/yaml-pull FILE               # prints the event count; exit 1 on a YAML error, 2 on I/O
 */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t capacity = 1 << 16, used = 0;
    unsigned char *bytes = malloc(capacity);
    while (bytes) {
        used += fread(bytes + used, 1, capacity - used, f);
        if (used < capacity) break;
        unsigned char *grown = realloc(bytes, capacity * 2);
        if (!grown) { free(bytes); bytes = NULL; break; }
        bytes = grown;
        capacity *= 2;
    }
    if (bytes && ferror(f)) { free(bytes); bytes = NULL; }
    fclose(f);
    *length = used;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    size_t length = 0;
    unsigned char *bytes = read_file(argv[1], &length);
    if (!bytes) {
        perror(argv[1]);
        return 2;
    }
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) return 2;
    yaml_parser_set_input_string(&parser, bytes, length);
    long count = 0;
    int status = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s: %s\n", argv[1], parser.problem ? parser.problem : "YAML error");
            status = 1;
            break;
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        count++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    free(bytes);
    printf("%ld\n", count);
    return status;
}
