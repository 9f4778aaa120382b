/* tests/test_hlsl_intrinsic.c — every intrinsic of the HLSL reference that the compiler has,
 * table-driven: one row is a function body over the inputs a, b, c (float4 each, or uint4 for
 * the integer rows), a C expression of its documented value per component k, the input range
 * and a tolerance.  Each row is compiled for vs_4_0 (uint rows needing shader model 5: vs_5_0),
 * and for ps_2_0 and ps_4_0_level_9_1 (the level-9 program in the container) where the row says
 * the target allows it, and where it says it does not, the refusal must be X4532; each program
 * runs on the VM over 32 lanes of inputs and every component is compared with the C value.
 *
 * Tolerances: 0 means the bits must be equal (or both NaN); otherwise |got - want| <=
 * tol * (1 + |want|).  The documented bounds they stay inside (D3D11.3 functional spec, 3.1
 * "Floating point rules"): exp/log 21 bits of precision, rsq 2 ulp, sincos an absolute error of
 * 0.0008 on [-100 pi, 100 pi] (the VM is far closer: 1e-5 here); the inverse trigonometric
 * functions are Abramowitz & Stegun's polynomials (error 2e-8) plus float rounding.
 */
#define COBJMACROS
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3dcompiler.h"
#include "shader/d3dbc_ir.h"
#include "shader/dxbc.h"
#include "shader/tpf.h"
#include "vm/vm.h"

static float ufl(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* ---- references -------------------------------------------------------------------------- */

static float dot_n(const float *a, const float *b, unsigned n)
{
    float s = 0;
    for (unsigned i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static float cross_k(const float *a, const float *b, unsigned k)
{
    return k == 0 ? a[1] * b[2] - a[2] * b[1] : k == 1 ? a[2] * b[0] - a[0] * b[2]
         : k == 2 ? a[0] * b[1] - a[1] * b[0] : 0;
}

static float det3(const float *r0, const float *r1, const float *r2)
{
    float c[3] = {cross_k(r1, r2, 0), cross_k(r1, r2, 1), cross_k(r1, r2, 2)};
    return dot_n(r0, c, 3);
}

/* rows a, b, c, d: the Laplace expansion along row a */
static float det4_ref(const float *a, const float *b, const float *c, const float *d)
{
    float s = 0;
    for (unsigned col = 0; col < 4; col++) {
        float m[3][3];
        for (unsigned r = 0; r < 3; r++) {
            const float *row = r == 0 ? b : r == 1 ? c : d;
            for (unsigned q = 0, k = 0; q < 4; q++)
                if (q != col)
                    m[r][k++] = row[q];
        }
        s += (col & 1 ? -a[col] : a[col]) * det3(m[0], m[1], m[2]);
    }
    return s;
}

static float norm_k(const float *a, unsigned n, unsigned k)
{
    return k < n ? a[k] / sqrtf(dot_n(a, a, n)) : 0;
}

static float smooth_ref(float lo, float hi, float x)
{
    float t = (x - lo) / (hi - lo);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return t * t * (3 - 2 * t);
}

static float lit_ref(float nl, float nh, float m, unsigned k)
{
    return k == 0 || k == 3 ? 1 : k == 1 ? fmaxf(nl, 0) : (nl < 0 || nh < 0) ? 0 : powf(nh, m);
}

/* refract(normalize(a.xyz), normalize(b.xyz), eta), component k (the HLSL reference's formula) */
static float refract_ref(const float *a, const float *b, float eta, unsigned k)
{
    float i[3], n[3];
    for (unsigned q = 0; q < 3; q++) {
        i[q] = norm_k(a, 3, q);
        n[q] = norm_k(b, 3, q);
    }
    float d = dot_n(n, i, 3), t = 1 - eta * eta * (1 - d * d);
    if (t < 0 || k == 3)
        return 0;
    return eta * i[k] - (eta * d + sqrtf(t)) * n[k];
}

/* mul(a, M) with M's rows b, c, a, b + c */
static float vec_mat_ref(const float *a, const float *b, const float *c, unsigned k)
{
    return a[0] * b[k] + a[1] * c[k] + a[2] * a[k] + a[3] * (b[k] + c[k]);
}

static float frexp_ref(float x, unsigned part)
{
    int e = 0;
    float m = frexpf(x, &e);
    return part ? (float)e : m;
}

static uint32_t bfrev_ref(uint32_t x)
{
    uint32_t y = 0;
    for (unsigned i = 0; i < 32; i++)
        y |= (x >> i & 1u) << (31 - i);
    return y;
}

static uint32_t fbh_u(uint32_t x)
{
    return x ? 31u - (uint32_t)__builtin_clz(x) : ~0u;
}

static uint32_t fbh_i(uint32_t x)
{
    return fbh_u(x & 0x80000000u ? ~x : x);
}

/* half -> float bits, exact (normal halves only: the rows keep the exponent field in 1..30) */
static uint32_t half_ref(uint32_t h)
{
    uint32_t s = (h >> 15 & 1u) << 31, e = h >> 10 & 0x1f, m = h & 0x3ff;
    return s | (e - 15 + 127) << 23 | m << 13;
}

/* ---- the float table ----------------------------------------------------------------------- */

/* Which of the SM2-class targets (ps_2_0, ps_4_0_level_9_1) run a row: S2_RUN, both run it and
 * must give the value; S2_NO, both refuse it with X4532 (no integer instructions, no
 * truncation...); S2_SKIP, not tried there (a row for pixel shaders with quads, say). */
enum s2 { S2_RUN, S2_NO, S2_SKIP };

/* Input modes: uniform in [lo, hi); M_INT small integers lo..hi-1; M_SPECIAL a value from
 * { 1.5, inf, -inf, NaN, 0, -2 }; M_QUAD, for derivatives: a = lo * x + hi * y of the pixel
 * in its quad (b, c uniform). */
enum mode { M_UNI, M_INT, M_SPECIAL, M_QUAD };

#define A a[k]
#define B b[k]
#define C c[k]
#define FROWS(X)                                                                                 \
    X(abs, "return abs(a);", fabsf(A), -4, 4, M_UNI, 0, S2_RUN)                                  \
    X(acos, "return acos(a);", acosf(A), -1, 1, M_UNI, 1e-6f, S2_RUN)                            \
    X(all, "return all(a);", (a[0] != 0 && a[1] != 0 && a[2] != 0 && a[3] != 0) ? 1.0f : 0.0f,    \
      0, 2, M_INT, 0, S2_RUN)                                                                    \
    X(any, "return any(a);", (a[0] != 0 || a[1] != 0 || a[2] != 0 || a[3] != 0) ? 1.0f : 0.0f,    \
      0, 2, M_INT, 0, S2_RUN)                                                                    \
    X(asin, "return asin(a);", asinf(A), -1, 1, M_UNI, 1e-6f, S2_RUN)                            \
    X(atan, "return atan(a * 3);", atanf(A * 3), -4, 4, M_UNI, 1e-6f, S2_RUN)                    \
    X(atan2, "return atan2(a, b);", atan2f(A, B), -4, 4, M_UNI, 1e-6f, S2_RUN)                   \
    X(ceil, "return ceil(a);", ceilf(A), -4, 4, M_UNI, 0, S2_RUN)                                \
    X(clamp, "return clamp(a, b, b + 1);", fminf(fmaxf(A, B), B + 1), -2, 2, M_UNI, 0, S2_RUN)   \
    X(cos, "return cos(a);", cosf(A), -10, 10, M_UNI, 1e-5f, S2_RUN)                             \
    X(cosh, "return cosh(a);", coshf(A), -4, 4, M_UNI, 1e-5f, S2_RUN)                            \
    X(cross, "return float4(cross(a.xyz, b.xyz), 0);", cross_k(a, b, k), -2, 2, M_UNI, 1e-6f,     \
      S2_RUN)                                                                                    \
    X(degrees, "return degrees(a);", A * 57.29578f, -4, 4, M_UNI, 1e-6f, S2_RUN)                 \
    X(determinant3, "return determinant(float3x3(a.xyz, b.xyz, c.xyz));", det3(a, b, c), -2, 2,  \
      M_UNI, 1e-5f, S2_RUN)                                                                      \
    X(determinant4, "float4 d = a.wzyx * b;\n return determinant(float4x4(a, b, c, d));",        \
      det4_ref(a, b, c, (float[4]){a[3] * b[0], a[2] * b[1], a[1] * b[2], a[0] * b[3]}), -2, 2,   \
      M_UNI, 1e-4f, S2_RUN)                                                                      \
    X(distance, "return distance(a, b);", sqrtf((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) *   \
      (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]) + (a[3] - b[3]) * (a[3] - b[3])), -2, 2,      \
      M_UNI, 1e-6f, S2_RUN)                                                                      \
    X(dst, "return dst(a, b);", k == 0 ? 1 : k == 1 ? a[1] * b[1] : k == 2 ? a[2] : b[3], -2, 2, \
      M_UNI, 0, S2_RUN)                                                                          \
    X(dot, "return dot(a, b);", dot_n(a, b, 4), -2, 2, M_UNI, 1e-6f, S2_RUN)                     \
    X(exp, "return exp(a);", expf(A), -4, 4, M_UNI, 2e-6f, S2_RUN)                               \
    X(exp2, "return exp2(a);", exp2f(A), -4, 4, M_UNI, 2e-6f, S2_RUN)                            \
    X(faceforward, "return faceforward(a, b, c);", dot_n(b, c, 4) < 0 ? A : -A, -2, 2, M_UNI, 0, \
      S2_RUN)                                                                                    \
    X(floor, "return floor(a);", floorf(A), -4, 4, M_UNI, 0, S2_RUN)                             \
    X(fmod, "return fmod(a, b + 5);", fmodf(A, B + 5), -8, 4, M_UNI, 1e-6f, S2_NO)                \
    X(frac, "return frac(a);", A - floorf(A), -4, 4, M_UNI, 1e-6f, S2_RUN)                       \
    X(frexp, "float4 e;\n float4 m = frexp(a, e);\n return m + 100 * e;",                        \
      frexp_ref(A, 0) + 100 * frexp_ref(A, 1), -300, 300, M_UNI, 0, S2_NO)                       \
    X(isfinite, "return isfinite(a);", isfinite(A) ? 1.0f : 0.0f, 0, 0, M_SPECIAL, 0, S2_SKIP)   \
    X(isinf, "return isinf(a);", isinf(A) ? 1.0f : 0.0f, 0, 0, M_SPECIAL, 0, S2_SKIP)            \
    X(isnan, "return isnan(a);", isnan(A) ? 1.0f : 0.0f, 0, 0, M_SPECIAL, 0, S2_SKIP)            \
    X(ldexp, "return ldexp(a, floor(b));", ldexpf(A, (int)floorf(B)), -4, 4, M_UNI, 2e-6f,      \
      S2_RUN)                                                                                    \
    X(length, "return length(a);", sqrtf(dot_n(a, a, 4)), -2, 2, M_UNI, 1e-6f, S2_RUN)           \
    X(lerp, "return lerp(a, b, c);", A + C * (B - A), -2, 2, M_UNI, 1e-6f, S2_RUN)               \
    X(lit, "return lit(a.x, a.y, b.x + 3);", lit_ref(a[0], a[1], b[0] + 3, k), -2, 2, M_UNI,     \
      2e-5f, S2_RUN)                                                                             \
    X(log, "return log(a);", logf(A), 0.01f, 10, M_UNI, 2e-6f, S2_RUN)                           \
    X(log10, "return log10(a);", log10f(A), 0.01f, 10, M_UNI, 2e-6f, S2_RUN)                     \
    X(log2, "return log2(a);", log2f(A), 0.01f, 10, M_UNI, 2e-6f, S2_RUN)                        \
    X(mad, "return mad(a, b, c);", A * B + C, -2, 2, M_UNI, 1e-6f, S2_RUN)                       \
    X(max, "return max(a, b);", fmaxf(A, B), -2, 2, M_UNI, 0, S2_RUN)                            \
    X(min, "return min(a, b);", fminf(A, B), -2, 2, M_UNI, 0, S2_RUN)                            \
    X(modf, "float4 ip;\n float4 f = modf(a, ip);\n return f + 100 * ip;",                      \
      A - truncf(A) + 100 * truncf(A), -8, 8, M_UNI, 1e-6f, S2_NO)                               \
    X(mul_dot, "return mul(a, b);", dot_n(a, b, 4), -2, 2, M_UNI, 1e-6f, S2_RUN)                 \
    X(mul_vec_mat, "return mul(a, float4x4(b, c, a, b + c));", vec_mat_ref(a, b, c, k), -2, 2,    \
      M_UNI, 1e-5f, S2_RUN)                                                                      \
    X(mul_mat_vec, "return mul(float4x4(b, c, a, b + c), a);",                                   \
      k == 0 ? dot_n(b, a, 4) : k == 1 ? dot_n(c, a, 4) : k == 2 ? dot_n(a, a, 4)                \
      : dot_n(b, a, 4) + dot_n(c, a, 4), -2, 2, M_UNI, 1e-5f, S2_RUN)                            \
    X(mul_mat_mat, "float2x2 m = mul(float2x2(a.xy, a.zw), float2x2(b.xy, b.zw));\n"             \
      " return float4(m[0], m[1]);",                                                             \
      a[k & 2] * b[k & 1] + a[(k & 2) + 1] * b[(k & 1) + 2], -2, 2, M_UNI, 1e-6f, S2_RUN)       \
    X(mul_scalar, "return mul(a.x, b) + mul(b, 2);", a[0] * B + 2 * B, -2, 2, M_UNI, 1e-6f,       \
      S2_RUN)                                                                                    \
    X(normalize, "return normalize(a);", norm_k(a, 4, k), 0.5f, 2, M_UNI, 2e-6f, S2_RUN)         \
    X(pow, "return pow(abs(a) + 0.1, b);", powf(fabsf(A) + 0.1f, B), -2, 2, M_UNI, 1e-5f, S2_RUN) \
    X(radians, "return radians(a);", A * 0.017453292f, -200, 200, M_UNI, 1e-6f, S2_RUN)          \
    X(reflect, "return reflect(a, normalize(b));",                                               \
      A - 2 * dot_n(b, a, 4) / dot_n(b, b, 4) * B, 0.5f, 2, M_UNI, 1e-5f, S2_RUN)                \
    X(refract, "return float4(refract(normalize(a.xyz), normalize(b.xyz), 0.7), 0);",            \
      refract_ref(a, b, 0.7f, k), -2, 2, M_UNI, 1e-5f, S2_RUN)                                   \
    X(round, "return round(a);", nearbyintf(A), -4, 4, M_UNI, 0, S2_NO)                          \
    X(rsqrt, "return rsqrt(a);", 1 / sqrtf(A), 0.01f, 10, M_UNI, 1e-6f, S2_RUN)                  \
    X(saturate, "return saturate(a);", fminf(fmaxf(A, 0), 1), -2, 2, M_UNI, 0, S2_RUN)           \
    X(sign, "return sign(a);", (float)((A > 0) - (A < 0)), -2, 2, M_UNI, 0, S2_RUN)              \
    X(sin, "return sin(a);", sinf(A), -10, 10, M_UNI, 1e-5f, S2_RUN)                             \
    X(sincos, "float4 s, co;\n sincos(a, s, co);\n return s + 10 * co;",                         \
      sinf(A) + 10 * cosf(A), -10, 10, M_UNI, 1e-5f, S2_RUN)                                     \
    X(sinh, "return sinh(a);", sinhf(A), -4, 4, M_UNI, 1e-5f, S2_RUN)                            \
    X(smoothstep, "return smoothstep(b, b + 2, a);", smooth_ref(B, B + 2, A), -3, 3, M_UNI,       \
      1e-6f, S2_RUN)                                                                             \
    X(sqrt, "return sqrt(a);", sqrtf(A), 0, 10, M_UNI, 1e-6f, S2_RUN)                            \
    X(step, "return step(b, a);", A >= B ? 1.0f : 0.0f, -2, 2, M_UNI, 0, S2_RUN)                 \
    X(tan, "return tan(a);", tanf(A), -1.2f, 1.2f, M_UNI, 1e-5f, S2_RUN)                         \
    X(tanh, "return tanh(a);", tanhf(A), -4, 4, M_UNI, 1e-5f, S2_RUN)                            \
    X(transpose, "float4x4 m = transpose(float4x4(a, b, c, a * b));\n return m[1];",             \
      k == 0 ? a[1] : k == 1 ? b[1] : k == 2 ? c[1] : a[1] * b[1], -2, 2, M_UNI, 0, S2_RUN)      \
    X(trunc, "return trunc(a);", truncf(A), -4, 4, M_UNI, 0, S2_NO)                              \
    X(ddx, "return ddx(a);", 3.0f, 3, 5, M_QUAD, 0, S2_SKIP)                                     \
    X(ddy, "return ddy(a);", 5.0f, 3, 5, M_QUAD, 0, S2_SKIP)                                     \
    X(fwidth, "return fwidth(a * -1);", 8.0f, 3, 5, M_QUAD, 0, S2_SKIP)

struct frow {
    const char *name, *body;
    float (*ref)(const float *a, const float *b, const float *c, unsigned k);
    float lo, hi;
    enum mode mode;
    float tol;
    enum s2 s2;
};

#define X_REF(id, body, cexpr, lo, hi, mode, tol, s2)                                          \
    static float ref_##id(const float *a, const float *b, const float *c, unsigned k)        \
    {                                                                                         \
        (void)a; (void)b; (void)c; (void)k;                                                   \
        return (cexpr);                                                                       \
    }
FROWS(X_REF)
#define X_ROW(id, body, cexpr, lo, hi, mode, tol, s2) {#id, body, ref_##id, lo, hi, mode, tol, s2},
static const struct frow frows[] = {FROWS(X_ROW)};

/* ---- compiling and running ---------------------------------------------------------------- */

static ID3DBlob *compile_body(const char *tmpl, const char *body, const char *target,
                              char **errors_out)
{
    char src[2048];
    snprintf(src, sizeof(src), tmpl, body);
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "intrinsic.hlsl", NULL, NULL, "main", target, 0, 0,
                            &code, &errors);
    *errors_out = errors ? strdup(ID3D10Blob_GetBufferPointer(errors)) : NULL;
    if (errors)
        ID3D10Blob_Release(errors);
    return SUCCEEDED(hr) ? code : NULL;
}

struct prog {
    struct ir_program ir;
    struct vm_program *p;
    struct vm_state *st;
};

/* kind: 0 the SM4 program of a container, 1 its level-9 program, 2 a d3dbc token stream */
static bool prog_load(struct prog *p, int kind, ID3DBlob *code)
{
    const uint8_t *blob = ID3D10Blob_GetBufferPointer(code);
    size_t size = ID3D10Blob_GetBufferSize(code);
    memset(p, 0, sizeof(*p));
    int r;
    if (kind == 0) {
        struct tpf_error err;
        r = tpf_decode_blob(blob, size, 0, &p->ir, &err);
    } else {
        struct dxbc_shader_info info;
        struct dxbc_error derr;
        if (kind == 1) {
            if (dxbc_parse(blob, size, 0, &info, &derr) || !info.has_level9)
                return false;
            blob += info.level9_program_offset;
            size = info.level9_program_size;
            dxbc_info_free(&info);
        }
        struct d3dbc_error err;
        r = d3dbc_decode(blob, size, &p->ir, &err);
    }
    if (r)
        return false;
    return vm_program_create(&p->ir, &p->p) == VM_OK && vm_state_create(p->p, &p->st) == VM_OK;
}

static void prog_free(struct prog *p)
{
    vm_state_destroy(p->st);
    vm_program_destroy(p->p);
    ir_program_free(&p->ir);
}

static uint32_t rng = 2024;

static uint32_t next_u(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng;
}

static float next_f(float lo, float hi)
{
    return lo + (hi - lo) * (float)(next_u() >> 8) / 16777216.0f;
}

static float input_value(const struct frow *row, unsigned which, unsigned lane, unsigned k)
{
    static const float special[6] = {1.5f, INFINITY, -INFINITY, NAN, 0.0f, -2.0f};
    switch (row->mode) {
    case M_INT: return (float)(int)next_f(row->lo, row->hi);
    case M_SPECIAL: return special[(lane + k * 5) % 6];
    case M_QUAD:
        if (which == 0)
            return row->lo * (float)(lane & 1) + row->hi * (float)(lane >> 1 & 1) + (float)k;
        return next_f(-1, 1);
    default: return next_f(row->lo, row->hi);
    }
}

static bool within(float got, float want, float tol)
{
    if (want != want)
        return got != got;
    if (tol == 0)
        return fbits(got) == fbits(want) || (got == 0 && want == 0);
    return fabsf(got - want) <= tol * (1 + fabsf(want));
}

/* The three inputs into registers `in_at[0..2]` of a program of kind `kind`, output 0 back. */
static void run_row(const struct frow *row, const char *target, int kind, ID3DBlob *code)
{
    struct prog p;
    if (!prog_load(&p, kind, code)) {
        harness_fail(__FILE__, __LINE__, "%s at %s: the program does not decode", row->name,
                     target);
        return;
    }
    static vm_reg in[16], out[16];
    static float val[3][4][VM_LANES];
    memset(in, 0, sizeof(in));
    memset(out, 0, sizeof(out));
    bool ps2 = kind != 0; /* ps_2_0 / level-9 ps: TEXCOORDn is t(n) */
    for (unsigned i = 0; i < 3; i++)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < VM_LANES; l++) {
                val[i][k][l] = input_value(row, i, l, k);
                in[ps2 ? D3DBC_IR_PS_T0 + i : i][k][l] = fbits(val[i][k][l]);
            }
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    env.inputs = (const vm_reg *)in;
    env.outputs = out;
    vm_run(p.p, p.st, &env, 0xffffffffu);
    unsigned bad = 0;
    for (unsigned l = 0; l < VM_LANES && bad < 3; l++) {
        float a[4], b[4], c[4];
        for (unsigned k = 0; k < 4; k++) {
            a[k] = val[0][k][l];
            b[k] = val[1][k][l];
            c[k] = val[2][k][l];
        }
        for (unsigned k = 0; k < 4 && bad < 3; k++) {
            float want = row->ref(a, b, c, k), got = ufl(out[0][k][l]);
            if (!within(got, want, row->tol)) {
                harness_fail(__FILE__, __LINE__, "%s at %s, lane %u .%c: %.9g, want %.9g (a %.9g "
                             "b %.9g c %.9g)", row->name, target, l, "xyzw"[k], (double)got,
                             (double)want, (double)a[k], (double)b[k], (double)c[k]);
                bad++;
            }
        }
    }
    prog_free(&p);
}

static const char vs_tmpl[] =
    "float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1, float4 c : TEXCOORD2) : SV_Position\n"
    "{\n %s\n}\n";
static const char ps_tmpl[] =
    "float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1, float4 c : TEXCOORD2) : SV_Target\n"
    "{\n %s\n}\n";

static void try_target(const struct frow *row, const char *tmpl, const char *target, int kind,
                       bool expect_ok)
{
    char *errors = NULL;
    ID3DBlob *code = compile_body(tmpl, row->body, target, &errors);
    if (expect_ok && !code)
        harness_fail(__FILE__, __LINE__, "%s at %s: %s", row->name, target,
                     errors ? errors : "(no errors)");
    else if (!expect_ok && code)
        harness_fail(__FILE__, __LINE__, "%s at %s compiled; X4532 expected", row->name, target);
    else if (!expect_ok && (!errors || !strstr(errors, "error X4532")))
        harness_fail(__FILE__, __LINE__, "%s at %s: %s", row->name, target,
                     errors ? errors : "(no errors)");
    if (code) {
        run_row(row, target, kind, code);
        ID3D10Blob_Release(code);
    }
    free(errors);
}

TEST(hlsl_intrinsics_vs_4_0)
{
    for (size_t i = 0; i < sizeof(frows) / sizeof(frows[0]); i++)
        if (frows[i].mode != M_QUAD)
            try_target(&frows[i], vs_tmpl, "vs_4_0", 0, true);
}

TEST(hlsl_intrinsics_derivatives_ps_4_0)
{
    for (size_t i = 0; i < sizeof(frows) / sizeof(frows[0]); i++)
        if (frows[i].mode == M_QUAD)
            try_target(&frows[i], ps_tmpl, "ps_4_0", 0, true);
}

TEST(hlsl_intrinsics_ps_2_0)
{
    for (size_t i = 0; i < sizeof(frows) / sizeof(frows[0]); i++)
        if (frows[i].s2 != S2_SKIP)
            try_target(&frows[i], ps_tmpl, "ps_2_0", 2, frows[i].s2 == S2_RUN);
}

TEST(hlsl_intrinsics_ps_4_0_level_9_1)
{
    for (size_t i = 0; i < sizeof(frows) / sizeof(frows[0]); i++)
        if (frows[i].s2 != S2_SKIP)
            try_target(&frows[i], ps_tmpl, "ps_4_0_level_9_1", 1, frows[i].s2 == S2_RUN);
}

/* ---- the integer and bit table: uint4 a, b, c of random bits, results compared bit for bit --- */

#define UA a[k]
#define UB b[k]
#define HALF_OF(x, y) (((x) & 0x83ffu) | ((y) % 30u + 1u) << 10) /* a normal half */
#define UROWS(X)                                                                                 \
    X(asfloat, "return asuint(asfloat((a & 0xbfffffff) | 0x3f800000) * 2);",                     \
      fbits(ufl((UA & 0xbfffffffu) | 0x3f800000u) * 2), 40)                                      \
    X(asint, "return (uint4)(asint(asfloat((a & 0xbfffffff) | 0x3f800000)) >> 4);",              \
      (uint32_t)((int32_t)((UA & 0xbfffffffu) | 0x3f800000u) >> 4), 40)                          \
    X(asuint, "return asuint(-asfloat((a & 0xbfffffff) | 0x3f800000));",                         \
      ((UA & 0xbfffffffu) | 0x3f800000u) ^ 0x80000000u, 40)                                      \
    X(countbits, "return countbits(a >> (b & 31));",                                            \
      (uint32_t)__builtin_popcount(UA >> (UB & 31)), 50)                                         \
    X(firstbithigh_uint, "return firstbithigh(a >> (b & 31));", fbh_u(UA >> (UB & 31)), 50)      \
    X(firstbithigh_int, "return firstbithigh(asint(a) >> asint(b & 31));",                    \
      fbh_i((uint32_t)((int32_t)UA >> (UB & 31))), 50)                                           \
    X(firstbitlow, "return firstbitlow(a << (b & 31));",                                         \
      (UA << (UB & 31)) ? (uint32_t)__builtin_ctz(UA << (UB & 31)) : ~0u, 50)                    \
    X(reversebits, "return reversebits(a);", bfrev_ref(UA), 50)                                  \
    X(f16tof32, "return asuint(f16tof32((a & 0x83ff) | ((b % 30 + 1) << 10)));",                 \
      half_ref(HALF_OF(UA, UB)), 50)                                                             \
    X(f32tof16, "return f32tof16(f16tof32((a & 0x83ff) | ((b % 30 + 1) << 10)));",              \
      HALF_OF(UA, UB), 50)

struct urow {
    const char *name, *body;
    uint32_t (*ref)(const uint32_t *a, const uint32_t *b, unsigned k);
    unsigned sm;                  /* the lowest shader model whose vs runs it */
};

#define X_UREF(id, body, cexpr, sm)                                                            \
    static uint32_t uref_##id(const uint32_t *a, const uint32_t *b, unsigned k)               \
    {                                                                                         \
        (void)a; (void)b;                                                                     \
        return (cexpr);                                                                       \
    }
UROWS(X_UREF)
#define X_UROW(id, body, cexpr, sm) {#id, body, uref_##id, sm},
static const struct urow urows[] = {UROWS(X_UROW)};

static const char vs_uint_tmpl[] =
    "uint4 f(uint4 a, uint4 b, uint4 c)\n{\n %s\n}\n"
    "float4 main(uint4 a : TEXCOORD0, uint4 b : TEXCOORD1, uint4 c : TEXCOORD2) : SV_Position\n"
    "{\n return asfloat(f(a, b, c));\n}\n";

static void run_urow(const struct urow *row, const char *target, ID3DBlob *code)
{
    struct prog p;
    if (!prog_load(&p, 0, code)) {
        harness_fail(__FILE__, __LINE__, "%s at %s: the program does not decode", row->name,
                     target);
        return;
    }
    static vm_reg in[16], out[16];
    memset(out, 0, sizeof(out));
    for (unsigned i = 0; i < 3; i++)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < VM_LANES; l++)
                in[i][k][l] = next_u();
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    env.inputs = (const vm_reg *)in;
    env.outputs = out;
    vm_run(p.p, p.st, &env, 0xffffffffu);
    unsigned bad = 0;
    for (unsigned l = 0; l < VM_LANES && bad < 3; l++) {
        uint32_t a[4], b[4];
        for (unsigned k = 0; k < 4; k++) {
            a[k] = in[0][k][l];
            b[k] = in[1][k][l];
        }
        for (unsigned k = 0; k < 4 && bad < 3; k++) {
            uint32_t want = row->ref(a, b, k), got = out[0][k][l];
            if (got != want) {
                harness_fail(__FILE__, __LINE__, "%s at %s, lane %u .%c: 0x%08x, want 0x%08x "
                             "(a 0x%08x b 0x%08x)", row->name, target, l, "xyzw"[k], got, want,
                             a[k], b[k]);
                bad++;
            }
        }
    }
    prog_free(&p);
}

TEST(hlsl_intrinsics_integer_vs_4_0_and_5_0)
{
    static const char *const targets[2] = {"vs_4_0", "vs_5_0"};
    for (size_t i = 0; i < sizeof(urows) / sizeof(urows[0]); i++)
        for (unsigned t = 0; t < 2; t++) {
            bool ok = urows[i].sm <= (t ? 50u : 40u);
            char *errors = NULL;
            ID3DBlob *code = compile_body(vs_uint_tmpl, urows[i].body, targets[t], &errors);
            if (ok && !code)
                harness_fail(__FILE__, __LINE__, "%s at %s: %s", urows[i].name, targets[t],
                             errors ? errors : "(no errors)");
            /* below shader model 5: "cannot map expression", at the call */
            if (!ok && (code || !errors || !strstr(errors, "intrinsic.hlsl(3,") ||
                        !strstr(errors, "error X4532")))
                harness_fail(__FILE__, __LINE__, "%s at %s: X4532 expected, got %s",
                             urows[i].name, targets[t], errors ? errors : "(none)");
            if (code) {
                run_urow(&urows[i], targets[t], code);
                ID3D10Blob_Release(code);
            }
            free(errors);
        }
}

/* ---- misuse: fxc-style "file(line,col-col): error X####" at the call -------------------- */

TEST(hlsl_intrinsics_refusals)
{
    static const struct {
        const char *body, *target, *want;
    } bad[] = {
        {"return acos(a, b);", "vs_4_0",
         "intrinsic.hlsl(3,9-13): error X3013: 'acos': no matching 2 parameter intrinsic function"},
        {"return atan2(a);", "vs_4_0", "intrinsic.hlsl(3,9-14): error X3013"},
        {"return determinant(float3x4(a, b, c));", "vs_4_0", "intrinsic.hlsl(3,9-20): error X3013"},
        {"return dot(float2x2(a), b);", "vs_4_0", "intrinsic.hlsl(3,9-12): error X3013"},
        {"return ddx(a);", "vs_4_0", "intrinsic.hlsl(3,9-12): error X4532"},
        {"return fwidth(a);", "vs_4_0", "intrinsic.hlsl(3,9-15): error X4532"},
        {"return frexp(a, 2);", "vs_4_0", "intrinsic.hlsl(3,18-19): error X3025: l-value expected"},
        {"return modf(a);", "vs_4_0", "intrinsic.hlsl(3,9-13): error X3013"},
        {"return frexp(a, b);", "ps_2_0", "intrinsic.hlsl(3,9-14): error X4532"},
        {"return f32tof16(a);", "vs_4_1", "intrinsic.hlsl(3,9-17): error X4532"},
        {"return reversebits(a);", "ps_4_0_level_9_3", "intrinsic.hlsl(3,9-20): error X4532"},
        {"return noise_of(a);", "vs_4_0", "intrinsic.hlsl(3,9-17): error X3004"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char *errors = NULL;
        ID3DBlob *code = compile_body(bad[i].target[0] == 'p' ? ps_tmpl : vs_tmpl, bad[i].body,
                                      bad[i].target, &errors);
        CHECK(code == NULL);
        if (code)
            ID3D10Blob_Release(code);
        CHECK_STR_CONTAINS(errors, bad[i].want);
        free(errors);
    }
}
