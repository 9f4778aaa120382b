/* src/pipeline/pixel_fused.c — fused pixel programs: the commonest short programs, run without
 * the VM.
 *
 * Read me first.  Three shapes cover most 10Level9 / fixed-function-era pixel programs:
 *   MOV     mov[_sat] o#, v#.swz                            (interpolated colour)
 *   TEX     sample o#, v#.swz, t#.swz, s#                   (a texture)
 *   TEXMOD  sample r#, v#.swz, t#.swz, s#  +  mul[_sat] o#, r#, v#.swz  (or v# * r#)
 *           (a texture modulated by a colour; saturated: D3D9's fixed-function MODULATE),
 *           or the mul on o#.xyz and mov[_sat] o#.w, r#.w after it (the texture's alpha:
 *           D3D9's default stage 0, MODULATE colour and SELECTARG1 TEXTURE alpha)
 * each followed by ret, with whole-register (xyzw) destinations, no modifiers, no saturate
 * (but on MOV and TEXMOD's mul), no predication, no relative addressing, no texel offsets.  draw_fused_analyse recognises them
 * when the program is created; run_ps (pixel.c) then calls draw_fused_run, which computes what
 * the VM computes, step by step:
 *   - mov copies bits (vm_alu.c op_mov without modifiers), through vm_saturate when _sat;
 *   - sample (vm_resource.c op_tex): the address components through the swizzle, denormals
 *     flushed (vm_fin); implicit-LOD derivatives per quad, ddx = vm_fout(TR - TL) and
 *     ddy = vm_fout(BL - TL) of every component; the request's lanes are the batch's; what the
 *     pixel stage passes to the sampler (pixel.c sample_filtered: u, v, w, ddx/ddy of the first
 *     three components, lod/bias/ref zero, the LOD memo); the texel swizzle;
 *   - mul (vm_alu.c FLOAT2): vm_fout(vm_fin(a) * vm_fin(b)), operands in program order, then
 *     vm_saturate for mul_sat.
 * The VM's answer for lanes outside the batch is never read (the output merger takes the
 * batch's lanes), so those lanes are not computed.  tests/test_render_fused.c renders the same
 * scenes through the VM (draw_debug_set_shortcuts(false)) and through these, and compares every
 * byte.  A view the fast sampler path does not serve, a tiled view (pixel_tiled.c answers
 * those), or a missing view or sampler leave the batch to the VM.
 */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "pipeline/draw_priv.h"
#include "util/fpmode.h"
#include "util/simd.h"

/* A source operand v#/r#/t# read whole: one immediate index, no modifiers. */
#if !defined(SOFTD3D_SIMD_TWIN_AVX2)
/* (the analysis is built once, in the plain-C build) */
static bool plain_src(const struct ir_operand *o, unsigned file)
{
    return o->file == file && o->index_count == 1 && !o->index[0].rel.file && !o->modifiers;
}

static bool masked_dst(const struct ir_operand *o, unsigned file, unsigned mask)
{
    return o->file == file && o->index_count == 1 && !o->index[0].rel.file && o->mask == mask;
}

static bool plain_dst(const struct ir_operand *o, unsigned file)
{
    return masked_dst(o, file, 15);
}

static bool plain_ins(const struct ir_instruction *in)
{
    return !in->saturate && !in->pred.active && !in->texel_offset[0] && !in->texel_offset[1] &&
           !in->texel_offset[2];
}

static bool sample_ins(const struct ir_instruction *in, unsigned dst_file, struct draw_fused *f)
{
    if (in->op != IR_OP_SAMPLE || !plain_ins(in) || !plain_dst(&in->dst[0], dst_file) ||
        !plain_src(&in->src[0], IR_FILE_INPUT) || !plain_src(&in->src[1], IR_FILE_RESOURCE) ||
        in->src[2].file != IR_FILE_SAMPLER || in->src[2].index_count != 1 ||
        in->src[2].index[0].rel.file || in->src[0].index[0].offset >= IR_MAX_INPUTS ||
        in->src[1].index[0].offset >= DRAW_MAX_TEXTURES ||
        in->src[2].index[0].offset >= DRAW_MAX_SAMPLERS)
        return false;
    f->addr_reg = (uint8_t)in->src[0].index[0].offset;
    f->addr_swz = in->src[0].swizzle;
    f->tex = (uint8_t)in->src[1].index[0].offset;
    f->tex_swz = in->src[1].swizzle;
    f->smp = (uint8_t)in->src[2].index[0].offset;
    return true;
}

/* plain_ins but for _sat, which MOV and TEXMOD's instructions may have (the D3D9
 * fixed-function MODULATE of a texture and the diffuse colour is a mul_sat: d3d9/ff_ps.c) */
static bool plain_but_sat(const struct ir_instruction *in)
{
    struct ir_instruction copy = *in;
    copy.saturate = false;
    return plain_ins(&copy);
}

/* TEXMOD's second form: mov[_sat] o#.w, r#.xyzw after mul o#.xyz -- the same o# and r# as the
 * sample's, the saturate of the mul */
static bool alpha_of_texel(const struct ir_instruction *mov, const struct ir_instruction *mul,
                           const struct ir_instruction *smp)
{
    return mov->op == IR_OP_MOV && plain_but_sat(mov) && mov->saturate == mul->saturate &&
           masked_dst(&mov->dst[0], IR_FILE_OUTPUT, 8) &&
           mov->dst[0].index[0].offset == mul->dst[0].index[0].offset &&
           plain_src(&mov->src[0], IR_FILE_TEMP) &&
           mov->src[0].index[0].offset == smp->dst[0].index[0].offset &&
           IR_SWIZZLE_COMPONENT(mov->src[0].swizzle, 3) == 3;
}

void draw_fused_analyse(const struct ir_program *ir, struct draw_fused *f)
{
    memset(f, 0, sizeof(*f));
    if (ir->type != IR_SHADER_PIXEL)
        return;
    const struct ir_instruction *in = ir->instructions.items;
    uint32_t n = ir->instructions.count;
    /* the program's only output is the one written */
    unsigned outputs = 0;
    for (uint32_t i = 0; i < ir->outputs.count; i++)
        outputs += ir->outputs.items[i].file != IR_FILE_OUTPUT ? 100 : 1;
    if (outputs != 1)
        return;
    if (n == 2 && in[1].op == IR_OP_RET && !in[1].pred.active && in[0].op == IR_OP_MOV &&
        plain_but_sat(&in[0]) && plain_dst(&in[0].dst[0], IR_FILE_OUTPUT) &&
        plain_src(&in[0].src[0], IR_FILE_INPUT) && in[0].src[0].index[0].offset < IR_MAX_INPUTS) {
        f->kind = DRAW_FUSED_MOV;
        f->addr_reg = (uint8_t)in[0].src[0].index[0].offset;
        f->addr_swz = in[0].src[0].swizzle;
        f->sat = in[0].saturate;
    } else if (n == 2 && in[1].op == IR_OP_RET && !in[1].pred.active &&
               sample_ins(&in[0], IR_FILE_OUTPUT, f)) {
        f->kind = DRAW_FUSED_TEX;
    } else if (((n == 3 && plain_dst(&in[1].dst[0], IR_FILE_OUTPUT)) ||
                (n == 4 && masked_dst(&in[1].dst[0], IR_FILE_OUTPUT, 7) &&
                 alpha_of_texel(&in[2], &in[1], &in[0]))) &&
               in[n - 1].op == IR_OP_RET && !in[n - 1].pred.active &&
               sample_ins(&in[0], IR_FILE_TEMP, f) && in[1].op == IR_OP_MUL &&
               plain_but_sat(&in[1])) {
        uint32_t tmp = in[0].dst[0].index[0].offset;
        f->mul_mask = n == 4 ? 7 : 15;
        const struct ir_operand *a = &in[1].src[0], *b = &in[1].src[1];
        bool a_tmp = plain_src(a, IR_FILE_TEMP) && a->index[0].offset == tmp &&
                     a->swizzle == IR_SWIZZLE_XYZW;
        bool b_tmp = plain_src(b, IR_FILE_TEMP) && b->index[0].offset == tmp &&
                     b->swizzle == IR_SWIZZLE_XYZW;
        const struct ir_operand *col = a_tmp ? b : a;
        if ((a_tmp == b_tmp) || !plain_src(col, IR_FILE_INPUT) ||
            col->index[0].offset >= IR_MAX_INPUTS)
            return;
        f->kind = DRAW_FUSED_TEXMOD;
        f->sat = in[1].saturate;
        f->tex_first = a_tmp;
        f->col_reg = (uint8_t)col->index[0].offset;
        f->col_swz = col->swizzle;
    } else {
        return;
    }
    f->out = (uint8_t)in[f->kind == DRAW_FUSED_TEXMOD ? 1 : 0].dst[0].index[0].offset;
    if (f->out >= IR_MAX_OUTPUTS)
        f->kind = DRAW_FUSED_NONE;
}

#endif

/* vm_fout(vm_fin(a) * vm_fin(b)) inside util_fp_flush_begin: where the processor flushes
 * (UTIL_FP_FLUSH_HW: MXCSR.DAZ on the operands, FTZ on the result, util/fpmode.h) the two
 * flushes are the multiply's own, and only vm_fout's NaN canonicalisation is left to do --
 * the same bits with a third of the operations. */
static inline uint32_t fused_mul(uint32_t a, uint32_t b)
{
#if UTIL_FP_FLUSH_HW
    return vm_canon(vm_bits(vm_float(a) * vm_float(b)));
#else
    return vm_fout(vm_fin(a) * vm_fin(b));
#endif
}

/* The coarse derivatives of op_tex for every lane: ddx = vm_fout(TR - TL), ddy = vm_fout(BL -
 * TL) of its quad, the same in the quad's four lanes. */
#if defined(SOFTD3D_SIMD_TWIN_AVX2)
#include <immintrin.h>

/* vm_fout on eight lanes: denormals to a zero of their sign, NaN to VM_QNAN */
static inline __m256 fout8(__m256 f)
{
    const __m256i exp = _mm256_set1_epi32(0x7f800000), sign = _mm256_set1_epi32((int)0x80000000u);
    __m256i u = _mm256_castps_si256(f);
    __m256i denormal = _mm256_cmpeq_epi32(_mm256_and_si256(u, exp), _mm256_setzero_si256());
    u = _mm256_andnot_si256(_mm256_andnot_si256(sign, denormal), u);
    __m256i nan = _mm256_cmpgt_epi32(_mm256_andnot_si256(sign, u), exp);
    u = _mm256_blendv_epi8(u, _mm256_set1_epi32((int)VM_QNAN), nan);
    return _mm256_castsi256_ps(u);
}

static void quad_derivatives(const float *a, float *ddx, float *ddy)
{
    /* a 128-bit half is one quad: broadcast its corners within the half */
    for (unsigned h = 0; h < VM_LANES; h += 8) {
        __m256 v = _mm256_loadu_ps(a + h);
        __m256 tl = _mm256_shuffle_ps(v, v, _MM_SHUFFLE(VM_QUAD_TL, VM_QUAD_TL, VM_QUAD_TL,
                                                        VM_QUAD_TL));
        __m256 tr = _mm256_shuffle_ps(v, v, _MM_SHUFFLE(VM_QUAD_TR, VM_QUAD_TR, VM_QUAD_TR,
                                                        VM_QUAD_TR));
        __m256 bl = _mm256_shuffle_ps(v, v, _MM_SHUFFLE(VM_QUAD_BL, VM_QUAD_BL, VM_QUAD_BL,
                                                        VM_QUAD_BL));
        _mm256_storeu_ps(ddx + h, fout8(_mm256_sub_ps(tr, tl)));
        _mm256_storeu_ps(ddy + h, fout8(_mm256_sub_ps(bl, tl)));
    }
}
#else
static void quad_derivatives(const float *a, float *ddx, float *ddy)
{
    for (unsigned q = 0; q < VM_LANES; q += 4) {
        float dx = vm_float(vm_fout(a[q + VM_QUAD_TR] - a[q + VM_QUAD_TL]));
        float dy = vm_float(vm_fout(a[q + VM_QUAD_BL] - a[q + VM_QUAD_TL]));
        for (unsigned i = 0; i < 4; i++) {
            ddx[q + i] = dx;
            ddy[q + i] = dy;
        }
    }
}
#endif

/* Loops run over all VM_LANES lanes (fixed trip counts vectorise); lanes past the batch hold
 * stale values whose results nobody reads. */
bool SIMD_FN(draw_fused_run)(const struct draw_shade *r, struct draw_worker *w, unsigned lanes)
{
    const struct draw_px *d = r->d;
    const struct draw_fused *f = &d->ps->fused;
    uint32_t (*out)[VM_LANES] = w->outputs[f->out];

    w->fused_runs++;
    if (f->kind == DRAW_FUSED_MOV) {
        for (unsigned c = 0; c < 4; c++) {
            const uint32_t *src = w->inputs[f->addr_reg][IR_SWIZZLE_COMPONENT(f->addr_swz, c)];
            if (f->sat)   /* vm_store's saturate (vm.c) */
                for (unsigned l = 0; l < VM_LANES; l++)
                    out[c][l] = vm_saturate(src[l]);
            else
                memcpy(out[c], src, sizeof(out[c]));
        }
        return true;
    }

    const struct texture_view *t = d->textures[f->tex];
    const struct sampler *s = d->samplers[f->smp];
    if (!t || !t->texel || !s || t->tiled || !t->fast_rgba8) {
        w->fused_runs--;
        return false;
    }

    /* the address (op_tex), then what sample_filtered hands the sampler: u and v first, which
     * is all a 2D view's usual batch needs (sampler_sample_fast_uv); w, the third derivatives
     * and the zero LOD/bias/reference only when it goes through sampler_sample */
    struct sample_coords *c = &w->coords;
    float *addr[3] = { c->u, c->v, c->w };
    for (unsigned k = 0; k < 2; k++) {
        const uint32_t *src = w->inputs[f->addr_reg][IR_SWIZZLE_COMPONENT(f->addr_swz, k)];
        float *a = addr[k];
        for (unsigned l = 0; l < VM_LANES; l++)
            a[l] = vm_fin(src[l]);
        quad_derivatives(a, c->ddx[k], c->ddy[k]);
    }
    uint32_t mask = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    /* (the memo's generation is the batch's flush: run_ps) */
    if (!SIMD_FN(sampler_sample_fast_uv)(s, t, c->u, c->v, c->ddx[0], c->ddx[1], c->ddy[0],
                                         c->ddy[1], mask, &w->lod_cache, w->texels.c)) {
        const uint32_t *src = w->inputs[f->addr_reg][IR_SWIZZLE_COMPONENT(f->addr_swz, 2)];
        for (unsigned l = 0; l < VM_LANES; l++)
            c->w[l] = vm_fin(src[l]);
        quad_derivatives(c->w, c->ddx[2], c->ddy[2]);
        memset(c->lod, 0, sizeof(c->lod));
        memset(c->bias, 0, sizeof(c->bias));
        memset(c->ref, 0, sizeof(c->ref));
        c->lod_mode = SAMPLE_LOD_DERIVATIVES;
        c->has_bias = false;
        c->mask = mask;
        c->lod_cache = &w->lod_cache;
        sampler_sample(s, t, c, (int)lanes, &w->texels);
    }

    if (f->kind == DRAW_FUSED_TEX) {
        for (unsigned k = 0; k < 4; k++)
            memcpy(out[k], w->texels.c[IR_SWIZZLE_COMPONENT(f->tex_swz, k)], sizeof(out[k]));
        return true;
    }
    /* the multiply as vm_run computes it: denormals flushed by the processor (util/fpmode.h:
     * for a product that rounds up to 2^-126 the flush after the operation would differ) */
    unsigned fpmode = util_fp_flush_begin();
    for (unsigned k = 0; k < 4; k++) {
        const float *tx = w->texels.c[IR_SWIZZLE_COMPONENT(f->tex_swz, k)];
        const uint32_t *col = w->inputs[f->col_reg][IR_SWIZZLE_COMPONENT(f->col_swz, k)];
        uint32_t *o = out[k];
        if (!(f->mul_mask >> k & 1))   /* mov o.w, r.w: the texel's bits */
            for (unsigned l = 0; l < VM_LANES; l++)
                o[l] = vm_bits(tx[l]);
        else if (f->tex_first)
            for (unsigned l = 0; l < VM_LANES; l++)
                o[l] = fused_mul(vm_bits(tx[l]), col[l]);
        else
            for (unsigned l = 0; l < VM_LANES; l++)
                o[l] = fused_mul(col[l], vm_bits(tx[l]));
        if (f->sat)   /* vm_store's saturate of the result (vm.c) */
            for (unsigned l = 0; l < VM_LANES; l++)
                o[l] = vm_saturate(o[l]);
    }
    util_fp_flush_end(fpmode);
    return true;
}

static inline float lerp3(float a0, float a1, float a2, float w1, float w2)
{
    return a0 + w1 * (a1 - a0) + w2 * (a2 - a0);
}

/* Fills the pixel program's input registers for the batch's lanes (pixel.c's top comment):
 * linear inputs a0 + w1 (a1 - a0) + w2 (a2 - a0) over all VM_LANES lanes (fixed trip counts
 * vectorise; the lanes past the batch are never read). */
void SIMD_FN(draw_fill_inputs)(const struct draw_shade *r, struct draw_worker *w,
                               const struct raster_quad_batch *b, const struct draw_prim *pr,
                               bool front, unsigned lanes)
{
    const struct draw_px *d = r->d;
    const struct draw_program *ps = d->ps;
    const uint32_t *v0 = &r->pool[(size_t)pr->v[0] * r->stride];
    const uint32_t *v1 = &r->pool[(size_t)pr->v[1] * r->stride];
    const uint32_t *v2 = &r->pool[(size_t)pr->v[2] * r->stride];
    const uint32_t *lead = &r->pool[(size_t)pr->lead * r->stride];

    if (r->lin_all) {
        /* every input a linear attribute component (draw_shade_prepare's list): no dispatch */
        for (unsigned k = 0; k < r->lin_count; k++) {
            const struct draw_lin_input *e = &r->lin[k];
            const float *w1 = e->noper ? b->lw1 : b->pw1, *w2 = e->noper ? b->lw2 : b->pw2;
            float a0 = draw_f(v0[e->idx]), a1 = draw_f(v1[e->idx]), a2 = draw_f(v2[e->idx]);
            float d1 = a1 - a0, d2 = a2 - a0;
            float res[VM_LANES];
            for (unsigned l = 0; l < VM_LANES; l++)
                res[l] = a0 + w1[l] * d1 + w2[l] * d2;
            uint32_t *dst = w->inputs[e->reg][e->comp];
            for (unsigned l = 0; l < VM_LANES; l++)
                dst[l] = draw_u(res[l]);
        }
        return;
    }
    for (uint32_t reg = 0; reg < ps->input_count && reg < IR_MAX_INPUTS; reg++) {
        uint8_t mask = ps->in_mask[reg];
        if (!mask)
            continue;
        unsigned interp = ps->in_interp[reg];
        bool flat = interp == IR_INTERP_CONSTANT;
        bool noper = interp == IR_INTERP_LINEAR_NOPERSPECTIVE ||
                     interp == IR_INTERP_LINEAR_NOPERSPECTIVE_CENTROID ||
                     interp == IR_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE;
        const float *w1 = noper ? b->lw1 : b->pw1, *w2 = noper ? b->lw2 : b->pw2;
        /* sample-frequency shading: a `sample` input at the sample being shaded (16.3);
         * the others stay where their declaration puts them (the centre) */
        bool at_sample = w->sample_cur >= 0 && (interp == IR_INTERP_LINEAR_SAMPLE ||
                                                interp == IR_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE);
        if (at_sample) {
            w1 = noper ? w->s_lw1 : w->s_pw1;
            w2 = noper ? w->s_lw2 : w->s_pw2;
        }
        /* multisampled: a `centroid` input at its lane's centroid point (3.5.5) */
        bool at_centroid = w->c_on && (interp == IR_INTERP_LINEAR_CENTROID ||
                                       interp == IR_INTERP_LINEAR_NOPERSPECTIVE_CENTROID);
        if (at_centroid) {
            w1 = noper ? w->c_lw1 : w->c_pw1;
            w2 = noper ? w->c_lw2 : w->c_pw2;
        }
        for (unsigned c = 0; c < 4; c++) {
            if (!(mask & (1u << c)))
                continue;
            uint32_t *dst = w->inputs[reg][c];
            const struct draw_input_src *src = &d->link->in[reg][c];
            switch (src->kind) {
            case DRAW_IN_ATTR: {
                size_t i = 4 + 4 * (size_t)src->slot + src->comp;
                if (flat) {
                    for (unsigned l = 0; l < lanes; l++)
                        dst[l] = lead[i];
                    break;
                }
                float a0 = draw_f(v0[i]), a1 = draw_f(v1[i]), a2 = draw_f(v2[i]);
                float d1 = a1 - a0, d2 = a2 - a0;
                /* copied lane by lane (vector loads of the vector stores): a memcpy of the
                 * temporary becomes 8-byte loads of 32-byte stores, which stall the store
                 * forwarding */
                float res[VM_LANES];
                for (unsigned l = 0; l < VM_LANES; l++)
                    res[l] = a0 + w1[l] * d1 + w2[l] * d2;
                for (unsigned l = 0; l < VM_LANES; l++)
                    dst[l] = draw_u(res[l]);
                break;
            }
            case DRAW_IN_POSITION: {
                /* declared `sample`: the position of the sample being shaded */
                float ox = at_sample ? 0.5f + w->s_dx : 0.5f, oy = at_sample ? 0.5f + w->s_dy : 0.5f;
                const float *pz = at_sample ? w->s_z : b->z;
                const float *p1 = at_sample ? w->s_pw1 : b->pw1, *p2 = at_sample ? w->s_pw2 : b->pw2;
                if (at_centroid) {
                    pz = w->c_z;
                    p1 = w->c_pw1;
                    p2 = w->c_pw2;
                }
                for (unsigned l = 0; l < lanes; l++) {
                    unsigned q = l >> 2, p = l & 3;
                    float f;
                    if (src->comp == 0)
                        f = (float)b->x[q] + (float)(p & 1) + (at_centroid ? 0.5f + w->c_dx[l] : ox);
                    else if (src->comp == 1)
                        f = (float)b->y[q] + (float)(p >> 1) + (at_centroid ? 0.5f + w->c_dy[l] : oy);
                    else if (src->comp == 2)
                        f = pz[l];
                    else
                        f = lerp3(draw_f(v0[3]), draw_f(v1[3]), draw_f(v2[3]), p1[l], p2[l]);
                    dst[l] = draw_u(f);
                }
                break;
            }
            case DRAW_IN_SAMPLE_INDEX:
                for (unsigned l = 0; l < lanes; l++)
                    dst[l] = w->sample_cur >= 0 ? (uint32_t)w->sample_cur : 0u;
                break;
            case DRAW_IN_FRONT_FACE:
                for (unsigned l = 0; l < lanes; l++)
                    dst[l] = front ? 0xffffffffu : 0u;
                break;
            default:
                memset(dst, 0, sizeof(uint32_t) * lanes);
                break;
            }
        }
    }
}
