/* examples/cube_common.h — what the four cube examples share: the cube's vertices and indices,
 * its texture, the matrices of each frame, the PNG writer and the check of the picture.
 *
 * The examples (cube11.c / cube11.cpp through Direct3D 11, cube10.c / cube10.cpp through
 * Direct3D 10.1, cube9.c / cube9.cpp through Direct3D 9) each draw a textured, lit cube rotating over CUBE_FRAMES frames into a
 * CUBE_SIZE x CUBE_SIZE target, headless, write the last frame to a PNG (argv[1], or
 * out/<name>.png) and check it: the corners are the clear colour, the centre is the cube, and
 * the FNV-1a hash of the last frame is the one recorded for that API, so the C and C++ twins
 * draw exactly the same pixels and any change to them shows.  Plain C, usable from C++.
 */
#ifndef SOFTD3D_EXAMPLES_CUBE_COMMON_H
#define SOFTD3D_EXAMPLES_CUBE_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CUBE_SIZE 128
#define CUBE_FRAMES 3
/* The clear colour, 8-bit RGBA (and as floats for the Clear calls). */
#define CUBE_CLEAR_R 16
#define CUBE_CLEAR_G 24
#define CUBE_CLEAR_B 48

/* The hashes of the last frame (printed by a failing example); Direct3D 10.1 runs on the D3D11
 * device, so cube10 must match cube11's. */
#define CUBE_HASH_D3D11 0x5508aef8u
#define CUBE_HASH_D3D9 0xb035cd57u

struct cube_vertex {
    float pos[3];
    float normal[3];
    float uv[2];
};

/* Six faces of four vertices, two triangles each.  Each face is given by its outward normal n
 * and the direction u that is up when the face is seen from outside; right is r = n x u, and
 * the corners run top-left, top-right, bottom-right, bottom-left: clockwise as seen, Direct3D's
 * front faces. */
static inline void cube_geometry(struct cube_vertex v[24], uint16_t idx[36])
{
    static const float faces[6][2][3] = {
        { { 0, 0, -1 }, { 0, 1, 0 } }, { { 0, 0, 1 }, { 0, 1, 0 } },
        { { -1, 0, 0 }, { 0, 1, 0 } }, { { 1, 0, 0 }, { 0, 1, 0 } },
        { { 0, 1, 0 }, { 0, 0, 1 } },  { { 0, -1, 0 }, { 0, 0, -1 } },
    };
    static const float corner[4][2] = { { -1, 1 }, { 1, 1 }, { 1, -1 }, { -1, -1 } };
    static const uint16_t quad[6] = { 0, 1, 2, 0, 2, 3 };
    for (int f = 0; f < 6; f++) {
        const float *n = faces[f][0], *u = faces[f][1];
        const float r[3] = { n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2],
                             n[0] * u[1] - n[1] * u[0] };
        for (int k = 0; k < 4; k++) {
            struct cube_vertex *p = &v[f * 4 + k];
            for (int c = 0; c < 3; c++) {
                p->pos[c] = n[c] + corner[k][0] * r[c] + corner[k][1] * u[c];
                p->normal[c] = n[c];
            }
            p->uv[0] = (corner[k][0] + 1) * 0.5f;
            p->uv[1] = (1 - corner[k][1]) * 0.5f;
        }
        for (int k = 0; k < 6; k++)
            idx[f * 6 + k] = (uint16_t)(f * 4 + quad[k]);
    }
}

/* An 8 x 8 checkerboard, orange and cream, as 8-bit RGBA texels. */
static inline void cube_texture(uint8_t rgba[8 * 8 * 4])
{
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            uint8_t *t = rgba + (y * 8 + x) * 4;
            const int odd = (x + y) & 1;
            t[0] = odd ? 240 : 250;
            t[1] = odd ? 140 : 235;
            t[2] = odd ? 30 : 200;
            t[3] = 255;
        }
}

/* Row-major matrices for row vectors (v' = v M), as Direct3D writes them. */
static inline void cube_mul(float out[16], const float a[16], const float b[16])
{
    float r[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float s = 0;
            for (int k = 0; k < 4; k++)
                s += a[i * 4 + k] * b[k * 4 + j];
            r[i * 4 + j] = s;
        }
    memcpy(out, r, sizeof(r));
}

/* Frame `frame`'s world (a turn about y then a tilt about x), view (the eye 5 units back) and
 * projection (60 degrees, square, near 1, far 10: D3DXMatrixPerspectiveFovLH's form). */
static inline void cube_matrices(int frame, float world[16], float view[16], float proj[16])
{
    const float a = 0.4f + 0.35f * (float)frame, t = 0.5f;
    const float ry[16] = { cosf(a), 0, -sinf(a), 0, 0, 1, 0, 0, sinf(a), 0, cosf(a), 0, 0, 0, 0, 1 };
    const float rx[16] = { 1, 0, 0, 0, 0, cosf(t), sinf(t), 0, 0, -sinf(t), cosf(t), 0, 0, 0, 0, 1 };
    const float v[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 5, 1 };
    const float ys = 1.0f / tanf(3.14159265f / 6.0f), zf = 10.0f, zn = 1.0f;
    const float p[16] = { ys, 0, 0, 0, 0, ys, 0, 0, 0, 0, zf / (zf - zn), 1,
                          0, 0, -zn * zf / (zf - zn), 0 };
    cube_mul(world, ry, rx);
    memcpy(view, v, sizeof(v));
    memcpy(proj, p, sizeof(p));
}

/* The light: a direction (towards which it shines) and the ambient term. */
static const float cube_light_dir[4] = { -0.4f, -0.5f, 0.76811457f, 0.0f };
static const float cube_ambient = 0.25f;

/* ---- Direct3D 11: the shaders (vs_main, ps_main; D3DCompile'd for the level_9_3 targets) and
 * their constant buffer: the lit colour is saturate(N.L) + ambient, times the texture. ---- */
static const char cube_hlsl[] =
    "cbuffer frame : register(b0) {\n"
    "    row_major float4x4 world_view_proj;\n"
    "    row_major float4x4 world;\n"
    "    float4 light_dir;\n"
    "    float4 ambient;\n"
    "};\n"
    "Texture2D tex : register(t0);\n"
    "SamplerState smp : register(s0);\n"
    "struct VSIn { float3 pos : POSITION; float3 normal : NORMAL; float2 uv : TEXCOORD0; };\n"
    "struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; float light : TEXCOORD1; };\n"
    "VSOut vs_main(VSIn i) {\n"
    "    VSOut o;\n"
    "    o.pos = mul(float4(i.pos, 1.0), world_view_proj);\n"
    "    float3 n = normalize(mul(i.normal, (float3x3)world));\n"
    "    o.light = saturate(dot(n, -light_dir.xyz)) + ambient.x;\n"
    "    o.uv = i.uv;\n"
    "    return o;\n"
    "}\n"
    "float4 ps_main(VSOut i) : SV_Target {\n"
    "    return float4(tex.Sample(smp, i.uv).rgb * i.light, 1.0);\n"
    "}\n";

struct cube_constants {
    float world_view_proj[16];
    float world[16];
    float light_dir[4];
    float ambient[4];
};

/* Frame `frame`'s constants. */
static inline void cube_fill_constants(int frame, struct cube_constants *c)
{
    float world[16], view[16], proj[16];
    cube_matrices(frame, world, view, proj);
    cube_mul(c->world_view_proj, world, view);
    cube_mul(c->world_view_proj, c->world_view_proj, proj);
    memcpy(c->world, world, sizeof(world));
    memcpy(c->light_dir, cube_light_dir, sizeof(c->light_dir));
    c->ambient[0] = c->ambient[1] = c->ambient[2] = c->ambient[3] = cube_ambient;
}

/* ---- Direct3D 9: texels to A8R8G8B8 (B, G, R, A in memory), X8R8G8B8 pixels back to RGBA ---- */

static inline void cube_to_bgra(uint8_t *dst, int pitch, const uint8_t *rgba, int w, int h)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *s = rgba + (y * w + x) * 4;
            uint8_t *d = dst + y * pitch + x * 4;
            d[0] = s[2], d[1] = s[1], d[2] = s[0], d[3] = s[3];
        }
}

static inline void cube_from_bgrx(uint8_t *rgba, const uint8_t *src, int pitch, int w, int h)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *s = src + y * pitch + x * 4;
            uint8_t *d = rgba + (y * w + x) * 4;
            d[0] = s[2], d[1] = s[1], d[2] = s[0], d[3] = 255;
        }
}

/* ---- PNG: 8-bit RGB, zlib stored blocks (no compression library needed) ---- */

static inline uint32_t cube_crc(uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static inline void cube_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

static inline void cube_chunk(FILE *f, const char *type, const uint8_t *data, uint32_t n)
{
    uint8_t head[8], tail[4];
    cube_be32(head, n);
    memcpy(head + 4, type, 4);
    uint32_t crc = cube_crc(cube_crc(0, head + 4, 4), data, n);
    cube_be32(tail, crc);
    fwrite(head, 1, 8, f);
    if (n)   /* (IEND has no data: fwrite's pointer must not be NULL even for 0 bytes) */
        fwrite(data, 1, n, f);
    fwrite(tail, 1, 4, f);
}

/* Writes RGBA pixels (tightly packed) as an RGB PNG; 0 on success. */
static inline int cube_write_png(const char *path, const uint8_t *rgba, int w, int h)
{
    const size_t row = (size_t)w * 3 + 1, raw_size = row * (size_t)h;
    const size_t blocks = (raw_size + 65534) / 65535;
    uint8_t *raw = (uint8_t *)malloc(raw_size), *z = (uint8_t *)malloc(raw_size + blocks * 5 + 6);
    uint8_t ihdr[13] = { 0 };
    uint32_t a = 1, b = 0;
    size_t zn = 0;
    FILE *f;
    if (!raw || !z) {
        free(raw);
        free(z);
        return -1;
    }
    for (int y = 0; y < h; y++) {
        raw[y * row] = 0;   /* filter: none */
        for (int x = 0; x < w; x++)
            memcpy(raw + y * row + 1 + x * 3, rgba + ((size_t)y * w + x) * 4, 3);
    }
    z[zn++] = 0x78, z[zn++] = 0x01;
    for (size_t off = 0; off < raw_size; off += 65535) {
        const size_t n = raw_size - off < 65535 ? raw_size - off : 65535;
        z[zn++] = off + n == raw_size;   /* BFINAL, stored */
        z[zn++] = (uint8_t)n, z[zn++] = (uint8_t)(n >> 8);
        z[zn++] = (uint8_t)~n, z[zn++] = (uint8_t)(~n >> 8);
        memcpy(z + zn, raw + off, n);
        zn += n;
    }
    for (size_t i = 0; i < raw_size; i++)
        a = (a + raw[i]) % 65521, b = (b + a) % 65521;
    cube_be32(z + zn, (b << 16) | a);
    zn += 4;
    cube_be32(ihdr, (uint32_t)w);
    cube_be32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8, ihdr[9] = 2;   /* 8-bit RGB */
    if (!(f = fopen(path, "wb"))) {
        free(raw);
        free(z);
        return -1;
    }
    fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
    cube_chunk(f, "IHDR", ihdr, 13);
    cube_chunk(f, "IDAT", z, (uint32_t)zn);
    cube_chunk(f, "IEND", NULL, 0);
    free(raw);
    free(z);
    return fclose(f) ? -1 : 0;
}

/* The output path: argv[1], or out/<name>.png (out/ made if missing). */
static inline const char *cube_output(int argc, char **argv, const char *name, char *buf,
                                      size_t size)
{
    if (argc > 1)
        return argv[1];
    mkdir("out", 0777);
    snprintf(buf, size, "out/%s.png", name);
    return buf;
}

/* Checks the last frame (tight RGBA): 0 when it is right, else 1 with the reason printed. */
static inline int cube_check(const uint8_t *rgba, uint32_t expected_hash, const char *name)
{
    static const int corners[4][2] = { { 0, 0 }, { CUBE_SIZE - 1, 0 }, { 0, CUBE_SIZE - 1 },
                                       { CUBE_SIZE - 1, CUBE_SIZE - 1 } };
    const uint8_t *centre = rgba + ((CUBE_SIZE / 2) * CUBE_SIZE + CUBE_SIZE / 2) * 4;
    uint32_t hash = 2166136261u;
    for (int k = 0; k < 4; k++) {
        const uint8_t *p = rgba + (corners[k][1] * CUBE_SIZE + corners[k][0]) * 4;
        if (p[0] != CUBE_CLEAR_R || p[1] != CUBE_CLEAR_G || p[2] != CUBE_CLEAR_B) {
            printf("%s: corner %d is %u,%u,%u, not the clear colour\n", name, k, p[0], p[1], p[2]);
            return 1;
        }
    }
    if (centre[0] == CUBE_CLEAR_R && centre[1] == CUBE_CLEAR_G && centre[2] == CUBE_CLEAR_B) {
        printf("%s: the centre is the clear colour: no cube drawn\n", name);
        return 1;
    }
    for (size_t i = 0; i < (size_t)CUBE_SIZE * CUBE_SIZE * 4; i++)
        hash = (hash ^ rgba[i]) * 16777619u;
    if (hash != expected_hash) {
        printf("%s: the picture's hash is 0x%08x, expected 0x%08x\n", name, hash, expected_hash);
        return 1;
    }
    return 0;
}

#endif
