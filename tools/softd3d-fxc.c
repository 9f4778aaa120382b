/* tools/softd3d-fxc.c — fxc's basic command line over softd3d's HLSL compiler (src/hlsl/).
 *
 *   softd3d-fxc /T ps_4_0 /E main [/D NAME[=VALUE]] [/I dir] [/Fo out.cso] [/Fc out.asm]
 *               [/Fh out.h [/Vn name]] [/Zpr | /Zpc] [/WX] [/O0../O3 | /Od] [/nologo] file.hlsl
 *
 * Options start with '/' or '-'; a value follows its option letter directly (/Tps_4_0) or as
 * the next argument (/T ps_4_0).  An argument like /home/x/s.hlsl (a second '/', not one of the
 * option letters T E D I F V) is a path, so absolute Unix paths work as the input file.  #include "x" looks next to the including file, then in each
 * /I directory in order.  Messages go to stderr in fxc's form; the exit status is 1 on error.
 * /O and /Od are accepted and change nothing (the compiler always optimises the same way).
 */
#include "hlsl/hlsl.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LIST 64

struct files {
    const char *dirs[MAX_LIST];
    unsigned ndirs;
    struct opened {
        struct opened *next;
        void *data;
        char dir[1024];
    } *open;
    char main_dir[1024];
};

static int read_all(const char *path, void **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    if (fseek(f, 0, SEEK_END) || ftell(f) < 0) {
        fclose(f);
        return -1;
    }
    long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    buf[n] = '\0';
    *data = buf;
    *size = (size_t)n;
    return 0;
}

static void dir_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path + 1) : 0;
    if (n >= size)
        n = 0;
    memcpy(dir, path, n);
    dir[n] = '\0';
}

static int open_inc(void *ctx, bool system, const char *name, const void *parent,
                    const void **data, size_t *size)
{
    struct files *f = ctx;
    const char *first = f->main_dir;
    (void)system;
    for (struct opened *o = f->open; o; o = o->next)
        if (parent && o->data == parent)
            first = o->dir;
    for (unsigned i = 0; i <= f->ndirs; i++) {
        char path[2048];
        const char *d = i == 0 ? first : f->dirs[i - 1];
        if (name[0] == '/')
            snprintf(path, sizeof(path), "%s", name);
        else
            snprintf(path, sizeof(path), "%s%s%s", d, *d && d[strlen(d) - 1] != '/' ? "/" : "",
                     name);
        for (char *q = path; *q; q++)
            if (*q == '\\')
                *q = '/'; /* Windows separators in #include "..\\x.hlsl" */
        void *buf;
        size_t n;
        if (read_all(path, &buf, &n))
            continue;
        struct opened *o = malloc(sizeof(*o));
        if (!o) {
            free(buf);
            return -1;
        }
        o->data = buf;
        dir_of(path, o->dir, sizeof(o->dir));
        o->next = f->open;
        f->open = o;
        *data = buf;
        *size = n;
        return 0;
    }
    return -1;
}

static void close_inc(void *ctx, const void *data)
{
    struct files *f = ctx;
    for (struct opened **o = &f->open; *o; o = &(*o)->next)
        if ((*o)->data == data) {
            struct opened *x = *o;
            *o = x->next;
            free(x->data);
            free(x);
            return;
        }
}

static int usage(void)
{
    fprintf(stderr, "usage: softd3d-fxc /T <target> [/E <entry>] [/D name[=value]] [/I dir] "
                    "[/Fo file] [/Fc file] [/Fh file [/Vn name]] [/Zpr|/Zpc] [/WX] [/O0-3|/Od] "
                    "[/nologo] <file.hlsl>\n"
                    "targets: vs/ps_4_0, vs/ps_4_1, vs/ps_5_0, vs/ps_4_0_level_9_1, "
                    "vs/ps_4_0_level_9_3\n");
    return 1;
}

static int write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size) {
        if (f)
            fclose(f);
        fprintf(stderr, "softd3d-fxc: cannot write %s\n", path);
        return -1;
    }
    return fclose(f) ? -1 : 0;
}

int main(int argc, char **argv)
{
    const char *target = NULL, *entry = "main", *fo = NULL, *fc = NULL, *fh = NULL, *vn = NULL;
    const char *input = NULL;
    struct hlsl_define defs[MAX_LIST];
    unsigned ndefs = 0, flags = 0;
    struct files files = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        /* '/' starts both fxc's options and absolute paths: a word with a second '/' that is
         * no option (/I and /F* take their value attached or next) is a path */
        bool path = a[0] == '/' && strchr(a + 1, '/') && !strchr("TEDIFV", a[1]);
        if ((a[0] != '/' && a[0] != '-') || path) {
            if (input)
                return usage();
            input = a;
            continue;
        }
        /* an option, its value attached or in the next argument */
        const char *o = a + 1;
        static const char *const valued[] = {"Fo", "Fc", "Fh", "Vn", "T", "E", "D", "I"};
        const char *val = NULL;
        const char *name = NULL;
        for (size_t k = 0; k < sizeof(valued) / sizeof(valued[0]); k++) {
            size_t n = strlen(valued[k]);
            if (!strncmp(o, valued[k], n)) {
                name = valued[k];
                val = o[n] ? o + n : (i + 1 < argc ? argv[++i] : NULL);
                break;
            }
        }
        if (name) {
            if (!val)
                return usage();
            if (!strcmp(name, "T")) target = val;
            else if (!strcmp(name, "E")) entry = val;
            else if (!strcmp(name, "Fo")) fo = val;
            else if (!strcmp(name, "Fc")) fc = val;
            else if (!strcmp(name, "Fh")) fh = val;
            else if (!strcmp(name, "Vn")) vn = val;
            else if (!strcmp(name, "I")) {
                if (files.ndirs == MAX_LIST)
                    return usage();
                files.dirs[files.ndirs++] = val;
            } else if (!strcmp(name, "D")) {
                if (ndefs == MAX_LIST)
                    return usage();
                char *copy = strdup(val);
                if (!copy)
                    return 1;
                char *eq = strchr(copy, '=');
                if (eq)
                    *eq++ = '\0';
                defs[ndefs].name = copy;
                defs[ndefs].value = eq;
                ndefs++;
            }
            continue;
        }
        if (!strcmp(o, "Zpr"))
            flags |= HLSL_PACK_ROW_MAJOR;
        else if (!strcmp(o, "Zpc"))
            flags &= ~(unsigned)HLSL_PACK_ROW_MAJOR;
        else if (!strcmp(o, "WX"))
            flags |= HLSL_WARNINGS_ARE_ERRORS;
        else if (!strcmp(o, "nologo") || !strcmp(o, "Od") || (o[0] == 'O' && o[1] >= '0' &&
                                                               o[1] <= '3' && !o[2]))
            ;
        else if (!strcmp(o, "?") || !strcmp(o, "help"))
            return usage();
        else {
            fprintf(stderr, "softd3d-fxc: unknown option '%s'\n", a);
            return usage();
        }
    }
    if (!input || !target)
        return usage();
    void *src;
    size_t size;
    if (read_all(input, &src, &size)) {
        fprintf(stderr, "softd3d-fxc: cannot read %s\n", input);
        return 1;
    }
    dir_of(input, files.main_dir, sizeof(files.main_dir));
    struct hlsl_include inc = {&files, open_inc, close_inc};
    struct hlsl_args args = {0};
    args.source = src;
    args.size = size;
    args.filename = input;
    args.defines = defs;
    args.ndefines = ndefs;
    args.include = &inc;
    args.entry = entry;
    args.target = target;
    args.flags = flags;
    struct hlsl_result r;
    int ret = hlsl_compile(&args, &r);
    free(src);
    for (unsigned i = 0; i < ndefs; i++)
        free((char *)defs[i].name);
    if (r.messages)
        fputs(r.messages, stderr);
    int status = 0;
    if (ret) {
        fprintf(stderr, "\ncompilation failed; no code produced\n");
        status = 1;
    } else {
        if (fo && write_file(fo, r.code, r.code_size))
            status = 1;
        if (fc && write_file(fc, r.listing, strlen(r.listing)))
            status = 1;
        if (fh) {
            FILE *f = fopen(fh, "w");
            if (!f) {
                fprintf(stderr, "softd3d-fxc: cannot write %s\n", fh);
                status = 1;
            } else {
                char def_name[256];
                snprintf(def_name, sizeof(def_name), "g_%s", entry);
                fprintf(f, "#if 0\n%s#endif\n\nconst BYTE %s[] =\n{\n", r.listing, vn ? vn : def_name);
                const unsigned char *b = r.code;
                for (size_t i = 0; i < r.code_size; i++)
                    fprintf(f, "%s%3u%s", i % 12 ? "" : "    ", b[i],
                            i + 1 == r.code_size ? "\n" : i % 12 == 11 ? ",\n" : ", ");
                fprintf(f, "};\n");
                if (fclose(f))
                    status = 1;
            }
        }
        if (!fo && !fc && !fh)
            fputs(r.listing, stdout);
    }
    hlsl_result_free(&r);
    return status;
}
