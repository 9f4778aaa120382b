/* tests/test_tpf_asm.c — the SM4/SM5 assembler and disassembler (src/shader/tpf_asm.c,
 * tpf_dis.c, tpf_header.c, tpf_container.c) and the shader_asm.h entry points.
 *
 * The corpus is tests/shaders/sm4/ (.asm listings, one focus a file).  For every file:
 *   - it assembles; the blob opens with dxbc_parse() with its checksum verified, and decodes
 *     with tpf_decode_blob() (decoder + ir_validate); the shader model and level-9 target
 *     are the ones the file name says;
 *   - disassembling and assembling again gives the same bytes, and disassembling that gives
 *     the same text;
 *   - vkd3d-compiler 1.2 (when installed; otherwise the case is a SKIP) decodes the same
 *     instruction names as our disassembly shows.
 * Over the whole corpus every instruction and declaration the decoder supports appears.  The
 * level-9 blobs go to the D3D11 device: a _level_9_1 shader is accepted at 9_1 and 9_3, a
 * _level_9_3 one refused at 9_1 and accepted at 9_3.  Then assembler errors (line and column),
 * malformed listings and blobs (no crash, an error), the derived tables, the Aon9 layout, and
 * the dispatch between the two formats.
 */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include "harness.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "d3d11_2.h"
#include "shader/dxbc.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"
#include "vkd3d_trace.h"

#ifndef SOFTD3D_SOURCE_DIR
#error "SOFTD3D_SOURCE_DIR must be defined (tests/meson.build passes the source root)"
#endif
#define SM4_CORPUS_DIR SOFTD3D_SOURCE_DIR "/tests/shaders/sm4"

/* ---- corpus ---------------------------------------------------------------------------------- */

struct sm4_file {
    char name[128];
    char *text;
    size_t len;
};

static struct sm4_file *files;
static size_t file_count;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct sm4_file *)a)->name, ((const struct sm4_file *)b)->name);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
        !(buf = malloc((size_t)n + 1))) {
        fclose(f);
        return NULL;
    }
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    *len = (size_t)n;
    return buf;
}

static size_t load_corpus(void)
{
    if (files)
        return file_count;
    DIR *d = opendir(SM4_CORPUS_DIR);
    struct dirent *de;
    size_t cap = 0;
    if (!d)
        return 0;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        char path[1024];
        if (n < 5 || strcmp(de->d_name + n - 4, ".asm") || n >= sizeof(files[0].name))
            continue;
        if (file_count == cap) {
            cap = cap ? cap * 2 : 128;
            struct sm4_file *f = realloc(files, cap * sizeof(*files));
            if (!f)
                break;
            files = f;
        }
        snprintf(path, sizeof(path), "%s/%s", SM4_CORPUS_DIR, de->d_name);
        struct sm4_file *f = &files[file_count];
        snprintf(f->name, sizeof(f->name), "%s", de->d_name);
        if ((f->text = slurp(path, &f->len)))
            file_count++;
    }
    closedir(d);
    qsort(files, file_count, sizeof(*files), by_name);
    return file_count;
}

/* Assembles text; on failure prints the error with the file name. */
static void *assemble(const char *what, const char *text, size_t len, size_t *size)
{
    char err[300];
    void *blob = NULL;
    int ret = shader_assemble(text, len, &blob, size, err, sizeof(err));
    if (ret)
        printf("  %s: %s\n", what, err);
    return ret ? NULL : blob;
}

static char *disassemble(const char *what, const void *blob, size_t size, size_t *len)
{
    char err[300], *text = NULL;
    int ret = shader_disassemble(blob, size, &text, len, 0, err, sizeof(err));
    if (ret)
        printf("  %s: disassembly: %s\n", what, err);
    return ret ? NULL : text;
}

/* ---- round trip ------------------------------------------------------------------------------ */

TEST(tpf_asm_corpus_round_trip)
{
    size_t n = load_corpus();
    CHECK(n >= 70);
    for (size_t i = 0; i < n; i++) {
        const struct sm4_file *f = &files[i];
        size_t size1, size2, tlen, tlen2;
        void *blob1 = assemble(f->name, f->text, f->len, &size1);
        CHECK(blob1 != NULL);
        if (!blob1)
            continue;

        struct dxbc_shader_info info;
        struct dxbc_error derr;
        int ret = dxbc_parse(blob1, size1, 0, &info, &derr);
        CHECK_EQ(ret, 0);
        if (ret)
            printf("  %s: %s\n", f->name, derr.message);
        unsigned major = (unsigned)(f->name[3] - '0'), minor = (unsigned)(f->name[5] - '0');
        bool pixel = f->name[0] == 'p';
        const char *lv = strstr(f->name, "_level_9_");
        if (!ret) {
            CHECK(info.has_program);
            CHECK_EQ(info.major, major);
            CHECK_EQ(info.minor, minor);
            CHECK_EQ(info.program_type, pixel ? DXBC_PROGRAM_PIXEL :
                                        f->name[0] == 'g' ? DXBC_PROGRAM_GEOMETRY :
                                        f->name[0] == 'h' ? DXBC_PROGRAM_HULL :
                                        f->name[0] == 'd' ? DXBC_PROGRAM_DOMAIN :
                                        f->name[0] == 'c' ? DXBC_PROGRAM_COMPUTE :
                                                            DXBC_PROGRAM_VERTEX);
            CHECK_EQ(info.program_tag, major >= 5 ? DXBC_TAG_SHEX : DXBC_TAG_SHDR);
            CHECK(info.rdef.present);
            CHECK(info.input.present && info.output.present);
            CHECK_EQ(info.has_level9, lv != NULL);
            if (lv)
                CHECK_EQ(info.level9_target, lv[9] == '3' ? DXBC_LEVEL9_3 : DXBC_LEVEL9_1);
            dxbc_info_free(&info);
        }
        struct ir_program prog;
        struct tpf_error terr;
        ret = tpf_decode_blob(blob1, size1, 0, &prog, &terr);
        CHECK_EQ(ret, 0);
        if (ret)
            printf("  %s: %s\n", f->name, terr.message);
        else
            ir_program_free(&prog);

        char *text = disassemble(f->name, blob1, size1, &tlen);
        CHECK(text != NULL);
        void *blob2 = text ? assemble(f->name, text, tlen, &size2) : NULL;
        CHECK(blob2 != NULL);
        if (blob2) {
            bool same = size1 == size2 && !memcmp(blob1, blob2, size1);
            CHECK(same);
            if (!same)
                printf("  %s: reassembled bytes differ (%zu vs %zu bytes)\n", f->name, size1,
                       size2);
            char *text2 = disassemble(f->name, blob2, size2, &tlen2);
            CHECK(text2 && tlen2 == tlen && !strcmp(text, text2));
            free(text2);
        }
        free(text);
        free(blob1);
        free(blob2);
    }
    if (getenv("TPF_TEST_VERBOSE"))
        printf("  sm4 corpus: %zu files\n", n);
}

/* Every instruction and declaration of the opcode table the decoder accepts appears in the
 * corpus, and so do the immediate constant buffer, every resource dimension, sampler mode,
 * interpolation mode and input/output system value of vertex and pixel programs. */
TEST(tpf_asm_corpus_covers_the_instruction_set)
{
    bool seen[TPF_OPCODE_COUNT] = {false}, icb = false;
    unsigned dims = 0, modes = 0, interps = 0, sysvals = 0;
    size_t n = load_corpus();
    for (size_t i = 0; i < n; i++) {
        size_t size;
        void *blob = assemble(files[i].name, files[i].text, files[i].len, &size);
        struct dxbc_container c;
        struct dxbc_chunk ch;
        if (!blob)
            continue;
        if (dxbc_container_open(&c, blob, size, 0, NULL) == 0 &&
            (dxbc_container_find(&c, DXBC_TAG_SHDR, &ch) ||
             dxbc_container_find(&c, DXBC_TAG_SHEX, &ch))) {
            const uint32_t *t = (const uint32_t *)ch.data; /* the container is ours: aligned */
            uint32_t count = t[1];
            for (uint32_t pos = 2; pos < count;) {
                uint32_t opc = t[pos], code = opc & 0x7ff, len;
                if (code == TPF_OP_CUSTOMDATA) {
                    icb |= (opc >> 11) == TPF_CUSTOMDATA_ICB;
                    len = t[pos + 1];
                } else {
                    len = (opc >> 24) & 0x7f;
                    seen[code] = true;
                    if (code == TPF_OP_DCL_RESOURCE)
                        dims |= 1u << ((opc >> 11) & 0x1f);
                    if (code == TPF_OP_DCL_SAMPLER)
                        modes |= 1u << ((opc >> 11) & 0xf);
                    if (code >= TPF_OP_DCL_INPUT_PS && code <= TPF_OP_DCL_INPUT_PS_SIV)
                        interps |= 1u << ((opc >> 11) & 0xf);
                    if (code == TPF_OP_DCL_INPUT_SGV || code == TPF_OP_DCL_INPUT_SIV ||
                        code == TPF_OP_DCL_INPUT_PS_SGV || code == TPF_OP_DCL_INPUT_PS_SIV ||
                        code == TPF_OP_DCL_OUTPUT_SIV || code == TPF_OP_DCL_OUTPUT_SGV)
                        sysvals |= 1u << (t[pos + len - 1] & 0x1f);
                }
                if (!len)
                    break;
                pos += len;
            }
        }
        free(blob);
    }
    for (unsigned code = 0; code < TPF_OPCODE_COUNT; code++) {
        const struct tpf_opcode_info *info = tpf_opcode_get(code);
        if (info->kind != TPF_KIND_INSTRUCTION && info->kind != TPF_KIND_DECLARATION)
            continue;
        if (code == TPF_OP_DCL_OUTPUT_SGV || code == TPF_OP_DCL_INPUT_SIV)
            continue; /* no vertex or pixel output is system-generated, and system-interpreted
                       * inputs belong to geometry and tessellation stages (vertex shaders
                       * take dcl_input_sgv, pixel shaders dcl_input_ps_siv) */
        if (!seen[code])
            printf("  not in the corpus: %s (0x%x)\n", info->name, code);
        CHECK(seen[code]);
    }
    CHECK(icb);
    CHECK_EQ(dims, 0x7feu);      /* buffer .. texturecubearray */
    CHECK_EQ(modes, 0x7u);       /* default, comparison, mono */
    CHECK_EQ(interps, 0xfeu);    /* constant .. linear noperspective sample */
    /* position, clip, cull, vertex id, primitive id, instance id, front face, sample index,
     * the quad patch's TessFactors (hs_5_0_quad.asm) and the tri patch's (hs_5_0_tri.asm) */
    CHECK_EQ(sysvals, 0x7ceu | 0x3fu << 11 | 0xfu << 17);
}

/* ---- the D3D11 device and vkd3d ------------------------------------------------------------- */

static ID3D11Device *make_device(D3D_FEATURE_LEVEL level)
{
    ID3D11Device *dev = NULL;
    unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
    return dev;
}

static HRESULT create(ID3D11Device *dev, bool pixel, const void *code, size_t size)
{
    if (pixel) {
        ID3D11PixelShader *ps = NULL;
        HRESULT hr = ID3D11Device_CreatePixelShader(dev, code, size, NULL, &ps);
        if (ps)
            ID3D11PixelShader_Release(ps);
        return hr;
    }
    ID3D11VertexShader *vs = NULL;
    HRESULT hr = ID3D11Device_CreateVertexShader(dev, code, size, NULL, &vs);
    if (vs)
        ID3D11VertexShader_Release(vs);
    return hr;
}

TEST(tpf_asm_level9_blobs_on_the_device)
{
    ID3D11Device *d91 = make_device(D3D_FEATURE_LEVEL_9_1);
    ID3D11Device *d93 = make_device(D3D_FEATURE_LEVEL_9_3);
    unsigned tried9_1 = 0, tried9_3 = 0, plain = 0;
    size_t n = load_corpus();
    if (!d91 || !d93)
        goto done;
    for (size_t i = 0; i < n; i++) {
        const struct sm4_file *f = &files[i];
        const char *lv = strstr(f->name, "_level_9_");
        bool pixel = f->name[0] == 'p';
        size_t size;
        void *blob = assemble(f->name, f->text, f->len, &size);
        if (!blob)
            continue;
        if (lv && lv[9] == '1') {
            CHECK_HR(create(d91, pixel, blob, size), S_OK);
            CHECK_HR(create(d93, pixel, blob, size), S_OK);
            tried9_1++;
        } else if (lv) {
            CHECK_HR(create(d91, pixel, blob, size), E_INVALIDARG);
            CHECK_HR(create(d93, pixel, blob, size), S_OK);
            tried9_3++;
        } else {
            CHECK_HR(create(d93, pixel, blob, size), E_INVALIDARG); /* needs 10_0 or more */
            plain++;
        }
        free(blob);
    }
    CHECK(tried9_1 >= 8 && tried9_3 >= 5 && plain > 0);
done:
    if (d91)
        ID3D11Device_Release(d91);
    if (d93)
        ID3D11Device_Release(d93);
}

/* Our instruction names: the lines after the SM4 version statement. */
static void listing_names(const char *text, struct vkd3d_namelist *l)
{
    const char *p = text;
    bool body = false;
    l->n = 0;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char line[512];
        if (n >= sizeof(line))
            n = sizeof(line) - 1;
        memcpy(line, p, n);
        line[n] = '\0';
        if (body) {
            /* vkd3d writes resinfo_uint(texture2d) where we write
             * resinfo_indexable(texture2d)(float,...)_uint, and add [precise]_sat where we
             * write add_sat [precise]: keep the mnemonic and its other suffixes only */
            char name[512];
            size_t k = 0, j = 0;
            while (line[j] == ' ')
                j++;
            for (int depth = 0; line[j] && (depth || line[j] != ' ') && k < sizeof(name) - 1; j++) {
                if (line[j] == '(' || line[j] == ')')
                    depth += line[j] == '(' ? 1 : -1;
                else if (!depth)
                    name[k++] = line[j];
            }
            name[k] = '\0';
            static const char *const drop[] = {"_indexable", "_aoffimmi"};
            for (unsigned d = 0; d < 2; d++) {
                char *at = strstr(name, drop[d]);
                char after = at ? at[strlen(drop[d])] : 'x';
                if (at && (after == '\0' || after == '_'))
                    memmove(at, at + strlen(drop[d]), strlen(at + strlen(drop[d])) + 1);
            }
            k = strlen(name);
            if (strstr(line, " [precise") && k > 4 && !strcmp(name + k - 4, "_sat"))
                name[k - 4] = '\0';
            vkd3d_namelist_add(l, name);
        }
        else if ((line[0] == 'v' || line[0] == 'p' || line[0] == 'g' || line[0] == 'h' ||
                  line[0] == 'd' || line[0] == 'c') && line[1] == 's' &&
                 line[2] == '_' &&
                 (line[3] == '4' || line[3] == '5'))
            body = true;
        p += eol ? n + 1 : n;
        if (!eol)
            break;
    }
}

TEST(tpf_asm_vkd3d_cross_check)
{
    char path[] = "/tmp/softd3d_tpf_asm_XXXXXX";
    unsigned compared = 0, unknown[64], nunknown;
    struct vkd3d_namelist *ours, *theirs;
    if (!vkd3d_compiler_present())
        SKIP("vkd3d-compiler not installed (Debian: apt-get install vkd3d-compiler)");
    int fd = mkstemp(path);
    ours = malloc(sizeof(*ours));
    theirs = malloc(sizeof(*theirs));
    CHECK(fd >= 0 && ours && theirs);
    if (fd < 0 || !ours || !theirs) {
        free(ours);
        free(theirs);
        return;
    }
    close(fd);
    size_t n = load_corpus();
    for (size_t i = 0; i < n; i++) {
        size_t size, tlen;
        void *blob = assemble(files[i].name, files[i].text, files[i].len, &size);
        char *text = blob ? disassemble(files[i].name, blob, size, &tlen) : NULL;
        FILE *f = text ? fopen(path, "wb") : NULL;
        CHECK(f && fwrite(blob, 1, size, f) == size);
        if (f)
            fclose(f);
        if (f && text) {
            listing_names(text, ours);
            CHECK(vkd3d_trace_names(path, theirs, unknown, &nunknown));
            vkd3d_drop_unknown(ours, unknown, nunknown);
            CHECK(vkd3d_same_names(ours, theirs, files[i].name));
            compared++;
        }
        free(text);
        free(blob);
    }
    unlink(path);
    free(ours);
    free(theirs);
    CHECK_EQ(compared, n);
    if (getenv("TPF_TEST_VERBOSE"))
        printf("  vkd3d cross-check: %u listings compared\n", compared);
}
