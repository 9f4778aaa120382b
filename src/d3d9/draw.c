/* src/d3d9/draw.c — DrawPrimitive, DrawIndexedPrimitive, DrawPrimitiveUP and
 * DrawIndexedPrimitiveUP: the device state translated into the API-neutral draw of
 * src/pipeline/draw.h — the same draw_execute() the D3D11 front-end calls (context_draw.c is
 * the model: validate, translate, execute; a refused draw changes nothing).
 *
 * Rules checked, in order (IDirect3DDevice9::Draw* reference pages, D3DCAPS9, seed 002); a
 * refusal returns D3DERR_INVALIDCALL with its one-line message:
 *  - a scene must be open: BeginScene "must be called before performing any rendering"; a draw
 *    outside BeginScene/EndScene is refused (D3DERR_INVALIDCALL), as the D3D9 runtime does;
 *  - PrimitiveType one of D3DPT_POINTLIST..D3DPT_TRIANGLEFAN; PrimitiveCount 0 draws nothing
 *    and returns D3D_OK; more than MaxPrimitiveCount (of the caps of the current vertex
 *    processing mode) is refused;
 *  - a vertex declaration (SetVertexDeclaration or SetFVF) is set; without a vertex shader it
 *    has a POSITION or POSITIONT element;
 *  - every stream an element reads has a vertex buffer (the UP draws: stream 0 is the
 *    caller's memory); seed 002: in software vertex processing a mixed device refuses vertex
 *    and index buffers made without D3DUSAGE_SOFTWAREPROCESSING in D3DPOOL_DEFAULT/MANAGED
 *    ("vertex buffers used for software vertex processing must be allocated in system memory";
 *    d3d9_buffer.software_ok);
 *  - indexed draws need SetIndices (the UP form: the caller's indices); index values above
 *    MaxVertexIndex (caps of the current mode: 65534 at 9_1) are refused (the raw values read
 *    from the buffer, before BaseVertexIndex, as the 10Level9 runtime checks them);
 *  - bound render targets have one size.  The depth-stencil surface may differ: the
 *    SetDepthStencilSurface page asks for one at least as large as the render target, but
 *    Windows draws with a smaller one too, touching only the pixels both cover (issue 14's
 *    conformance suite); softd3d draws into that overlap, whatever the depth and stencil
 *    states (a pixel without a depth-stencil texel is never written);
 *  - shaders: ps_3_0 only with a vs_3_0 vertex shader ("Pixel Shader 3.0 must be used with
 *    vertex shader 3.0"); the programs must be runnable.
 * MinVertexIndex and NumVertices describe the vertex range for software vertex processing;
 * softd3d processes exactly the vertices the indices name, so they only size the UP vertex
 * data (MinVertexIndex + NumVertices vertices).  MaxActiveLights (hardware mode: 8): with more
 * lights enabled the first MaxActiveLights by index are used and a line says so (hardware T&L
 * lights no more); software mode ("unlimited") is bounded by D3D9_FF_MAX_LIGHTS the same way.
 *
 * Translation (the D3D9 state pages):
 *  - topology: the D3DPRIMITIVETYPE values 1..5 equal the core's; triangle fans become lists
 *    with generated 32-bit indices, each triangle (v[i+1], v[i+2], v[0]) — the same winding, and
 *    the first vertex is the fan's i+1, the vertex D3D9's flat shading takes for a fan triangle;
 *    D3DFILL_POINT draws the primitives' vertices as a point list (no culling);
 *  - vertex elements: D3DDECLTYPE -> core format (d3d9_decl_type_format; D3DCOLOR is
 *    B8G8R8A8_UNORM, whose bytes are the BGRA in memory); the element feeds the register its
 *    D3DDECLUSAGE names (the FF program's fixed registers, or the shader's dcl); all four
 *    components are fetched, missing ones (0, 0, 0, 1) (D3DDECLTYPE);
 *  - instancing ("Efficiently Drawing Multiple Instances of Geometry"): with stream 0's
 *    frequency D3DSTREAMSOURCE_INDEXEDDATA | n an indexed draw runs n instances and streams
 *    with INSTANCEDATA | k step once per k instances; non-indexed draws ignore the settings.  A
 *    plain divider (vs_3_0 stream frequency without instancing) is not applied;
 *  - viewport: D3D9 places pixel centres at integer coordinates, the core (D3D10+) at +0.5
 *    (D3D11.3 functional spec 3.3.1): the same primitive covers the same pixels, with the same
 *    attribute values at their centres, when the D3D9 viewport is moved by +0.5 pixel in x and
 *    y (a D3D9 vertex at x9 = 0 lies on pixel 0's centre, which the core puts at 0.5; the viewport
 *    transform is otherwise the same, MinZ/MaxZ included).  The implicit viewport scissor is then
 *    floor(X + 0.5) .. floor(X + W + 0.5) = X .. X + W, exactly the D3D9 viewport;
 *  - rasterizer: D3DCULL_CCW culls counter-clockwise triangles (the core's front faces are
 *    clockwise: FrontCounterClockwise FALSE), D3DCULL_CW clockwise ones; D3DRS_SCISSORTESTENABLE
 *    and the scissor rect; D3DRS_DEPTHBIAS (a depth offset) as the core's integer bias in
 *    units of the depth buffer's resolution (round(bias * (2^n - 1)) for n-bit buffers, 2^23
 *    units otherwise), D3DRS_SLOPESCALEDEPTHBIAS as is;
 *  - output merger (om.h names the D3D9 folding): ZENABLE (USEW as TRUE), ZWRITEENABLE, ZFUNC,
 *    stencil with TWOSIDEDSTENCILMODE's CCW state on counter-clockwise (back) faces, blending with
 *    BOTHSRCALPHA / BOTHINVSRCALPHA expanded and the alpha factors copied unless
 *    SEPARATEALPHABLENDENABLE, D3DRS_BLENDFACTOR, COLORWRITEENABLE(1..3) (the first one for all
 *    targets without D3DPMISCCAPS_INDEPENDENTWRITEMASKS), SRGBWRITEENABLE as the _SRGB twin of
 *    the target format;
 *  - samplers (D3DSAMPLERSTATETYPE): MIN/MAG/MIPFILTER (NONE mip filter: the top level only,
 *    seed 003; PYRAMIDALQUAD/GAUSSIANQUAD as LINEAR), ADDRESSU/V/W, BORDERCOLOR, MIPMAPLODBIAS,
 *    MAXMIPLEVEL (the view starts at that level), MAXANISOTROPY clamped to 1..MaxAnisotropy,
 *    SRGBTEXTURE (the _SRGB twin of the format); texture views use D3D9's defaults for missing
 *    channels;
 *  - constants: the FF programs' cb0 (ff_key.c); shaders read c#/i#/b# from cb0/cb1/cb2
 *    (d3dbc_ir.h), b# as 0 / 0xffffffff, and ps_1_x the stages' BUMPENVMAT / LSCALE / LOFFSET
 *    from cb3.
 *  - points: with point size control (MaxPointSize above 1) or D3DRS_POINTSPRITEENABLE, point
 *    lists are drawn as squares of the point size, with sprite coordinates (translate_points).
 *  - vertex texture fetch: a vertex shader's s0..s3 read D3DVERTEXTEXTURESAMPLER0..3
 *    (translate_vertex_textures).
 * D3DRS_LASTPIXEL and D3DRS_CLIPPING FALSE are not applied; patches are refused (process.c).
 * d3d9_vertex_stage() gives ProcessVertices (process.c) the vertex half of this translation.
 */
#include "d3d9/d3d9_draw.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_resource.h"
#include "d3d9/d3d9_state.h"
#include "pipeline/om.h"
#include "sample/sampler.h"
#include "shader/d3dbc_ir.h"
#include "util/log.h"

#define FF_CACHE 32
#define MSG_SIZE 400

struct ff_vs_entry {
    struct d3d9_ff_vs_key key;
    uint64_t hash;
    struct d3d9_program prog;
};

struct ff_ps_entry {
    struct d3d9_ff_ps_key key;
    uint64_t hash;
    struct d3d9_program prog;
};

struct d3d9_draw_cache {
    struct draw_context *dc;
    struct ff_vs_entry vs[FF_CACHE];
    struct ff_ps_entry ps[FF_CACHE];
    unsigned nvs, nps;
    /* per-draw scratch */
    struct draw_desc desc;
    struct draw_linkage link;
    struct texture_view views[DRAW_MAX_TEXTURES];
    struct sampler samplers[DRAW_MAX_SAMPLERS];
    struct texture_view vs_views[D3D9_VS_SAMPLERS];
    struct sampler vs_samplers[D3D9_VS_SAMPLERS];
    float vs_cb[FF_VSC_SIZE(D3D9_FF_MAX_LIGHTS)][4];
    float (*palette)[4];          /* indexed vertex blending (d3d9_ff_vs_palette), on demand */
    float ps_cb[FF_PSC_SIZE][4];
    uint32_t vs_bool[D3D9_CONST_B][4], ps_bool[D3D9_CONST_B][4];
    float bumpenv[D3DBC_IR_BUMPENV_SIZE][4];
    float ps_fixed[D3D9_PSF_SIZE][4];
    uint32_t lights[D3D9_FF_MAX_LIGHTS];
    uint32_t *indices;
    size_t index_cap;
    struct d3d9_ff_vs_key stage_key;   /* d3d9_vertex_stage's fixed-function key */
};

/* ---- the renderer -------------------------------------------------------------------------- */

static void cache_clear(struct d3d9_draw_cache *c)
{
    draw_context_flush(c->dc);
    for (unsigned i = 0; i < c->nvs; i++)
        d3d9_program_cleanup(&c->vs[i].prog);
    for (unsigned i = 0; i < c->nps; i++)
        d3d9_program_cleanup(&c->ps[i].prog);
    c->nvs = c->nps = 0;
}

void d3d9_draw_cleanup(struct d3d9_device *dev)
{
    struct d3d9_draw_cache *c = dev->draw;
    if (!c)
        return;
    cache_clear(c);
    draw_context_destroy(c->dc);
    free(c->palette);
    free(c->indices);
    free(c);
    dev->draw = NULL;
}

void d3d9_draw_flush(struct d3d9_device *dev)
{
    if (dev->draw)
        draw_context_flush(dev->draw->dc);
}

static struct d3d9_draw_cache *renderer(struct d3d9_device *dev)
{
    if (!dev->draw) {
        struct d3d9_draw_cache *c = calloc(1, sizeof(*c));
        if (!c || !(c->dc = draw_context_create(0))) {
            free(c);
            return NULL;
        }
        dev->draw = c;
    }
    return dev->draw;
}

struct draw_context *d3d9_draw_context(struct d3d9_device *dev)
{
    struct d3d9_draw_cache *c = renderer(dev);
    return c ? c->dc : NULL;
}

/* The cached program of a key; NULL when it cannot be built (message in msg). */
static const struct d3d9_program *ff_vs_program(struct d3d9_draw_cache *c,
                                                const struct d3d9_ff_vs_key *key, char *msg)
{
    uint64_t h = d3d9_key_hash(key, sizeof(*key));
    for (unsigned i = 0; i < c->nvs; i++)
        if (c->vs[i].hash == h && !memcmp(&c->vs[i].key, key, sizeof(*key)))
            return &c->vs[i].prog;
    if (c->nvs == FF_CACHE) {
        draw_context_flush(c->dc);   /* (no waiting draw may use a program that goes) */
        for (unsigned i = 0; i < c->nvs; i++)
            d3d9_program_cleanup(&c->vs[i].prog);
        c->nvs = 0;
    }
    struct ff_vs_entry *e = &c->vs[c->nvs];
    struct ir_program ir;
    struct ir_error err;
    int ret = d3d9_ff_vs_generate(key, &ir, &err);
    if (ret) {
        snprintf(msg, MSG_SIZE, "the fixed-function vertex program cannot be built: %s",
                 ret == IR_E_NOMEM ? "out of memory" : err.message);
        return NULL;
    }
    ret = d3d9_program_init(&e->prog, &ir);
    ir_program_free(&ir);
    if (ret) {
        snprintf(msg, MSG_SIZE, "the fixed-function vertex program cannot be prepared");
        return NULL;
    }
    e->key = *key;
    e->hash = h;
    c->nvs++;
    return &e->prog;
}

static const struct d3d9_program *ff_ps_program(struct d3d9_draw_cache *c,
                                                const struct d3d9_ff_ps_key *key, char *msg)
{
    uint64_t h = d3d9_key_hash(key, sizeof(*key));
    for (unsigned i = 0; i < c->nps; i++)
        if (c->ps[i].hash == h && !memcmp(&c->ps[i].key, key, sizeof(*key)))
            return &c->ps[i].prog;
    if (c->nps == FF_CACHE) {
        draw_context_flush(c->dc);   /* (waiting draws run these pixel programs) */
        for (unsigned i = 0; i < c->nps; i++)
            d3d9_program_cleanup(&c->ps[i].prog);
        c->nps = 0;
    }
    struct ff_ps_entry *e = &c->ps[c->nps];
    struct ir_program ir;
    struct ir_error err;
    int ret = d3d9_ff_ps_generate(key, &ir, &err);
    if (ret) {
        snprintf(msg, MSG_SIZE, "the fixed-function pixel program cannot be built: %s",
                 ret == IR_E_NOMEM ? "out of memory" : err.message);
        return NULL;
    }
    ret = d3d9_program_init(&e->prog, &ir);
    ir_program_free(&ir);
    if (ret) {
        snprintf(msg, MSG_SIZE, "the fixed-function pixel program cannot be prepared");
        return NULL;
    }
    e->key = *key;
    e->hash = h;
    c->nps++;
    return &e->prog;
}

/* ---- one call ---------------------------------------------------------------------------------- */

struct call {
    const char *name;
    D3DPRIMITIVETYPE type;
    UINT prims;
    bool indexed;
    INT base_vertex;
    UINT min_index, num_vertices;
    UINT start;                    /* StartVertex, or StartIndex */
    /* the UP forms */
    bool up;
    const void *up_vertices;
    UINT up_stride;
    size_t up_vertex_bytes;
    const void *up_indices;
    D3DFORMAT up_index_format;
    size_t up_index_bytes;
};

/* What the checks find and the translation uses. */
struct work {
    struct d3d9_device *dev;
    struct d3d9_state *st;
    const D3DCAPS9 *caps;
    struct d3d9_draw_cache *c;
    const struct call *call;
    char *msg;
    UINT vertices;                 /* stream positions of the primitives */
    const struct d3d9_program *vs, *ps;
    struct d3d9_ff_vs_key vs_key;
    bool ff_vs, ff_ps;
    bool points;                   /* points are drawn as squares (translate_points) */
    size_t light_count;
    const uint8_t *index_data;
    size_t index_size;
    unsigned index_bytes;
    uint32_t width, height;
    bool software_mixed;           /* a mixed device in software mode (seed 002) */
    struct draw_element elements[DRAW_MAX_ELEMENTS];
    uint32_t element_count;
    uint32_t streams_used;
};

static bool fail(struct work *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct work *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->msg, MSG_SIZE, fmt, ap);
    va_end(ap);
    return false;
}

static UINT vertex_count(D3DPRIMITIVETYPE type, UINT prims)
{
    switch (type) {
    case D3DPT_POINTLIST: return prims;
    case D3DPT_LINELIST: return 2 * prims;
    case D3DPT_LINESTRIP: return prims + 1;
    case D3DPT_TRIANGLELIST: return 3 * prims;
    default: return prims + 2;       /* strips and fans */
    }
}

static bool rule_scene(struct work *w)
{
    if (!w->dev->in_scene)
        return fail(w, "no scene is open: BeginScene must be called before rendering");
    return true;
}

static bool rule_primitives(struct work *w)
{
    const struct call *c = w->call;
    if (c->type < D3DPT_POINTLIST || c->type > D3DPT_TRIANGLEFAN)
        return fail(w, "PrimitiveType %u is not a D3DPRIMITIVETYPE", (unsigned)c->type);
    if (c->prims > w->caps->MaxPrimitiveCount)
        return fail(w, "PrimitiveCount %u exceeds MaxPrimitiveCount %u", c->prims,
                    (unsigned)w->caps->MaxPrimitiveCount);
    w->vertices = vertex_count(c->type, c->prims);
    /* point size / sprites (translate_points): for point lists, where the caps give point size
     * control (MaxPointSize above 1) or sprites are on */
    w->points = (c->type == D3DPT_POINTLIST || w->st->rs[D3DRS_FILLMODE] == D3DFILL_POINT) &&
                (w->caps->MaxPointSize > 1.0f || w->st->rs[D3DRS_POINTSPRITEENABLE]);
    return true;
}

/* Render targets: one size; a depth-stencil surface limits the draw to the overlap (above). */
static bool rule_targets(struct work *w)
{
    struct d3d9_device *dev = w->dev;
    w->width = w->height = 0;
    for (unsigned i = 0; i < D3D9_MAX_RTS && i < OM_MAX_TARGETS; i++) {
        const struct d3d9_surface *s = dev->rt[i];
        if (!s)
            continue;
        if (w->width && (s->width != w->width || s->height != w->height))
            return fail(w, "render targets 0 and %u differ in size (%ux%u and %ux%u)", i,
                        w->width, w->height, s->width, s->height);
        w->width = s->width;
        w->height = s->height;
    }
    if (!w->width)
        return fail(w, "no render target is set");
    /* one sample count for every target (SetDepthStencilSurface: "the multisample type must be
     * the same as the render target's") */
    UINT samples = dev->ds ? d3d9_ms_samples(dev->ds->ms_type, dev->ds->ms_quality) : 0;
    for (unsigned i = 0; i < D3D9_MAX_RTS && i < OM_MAX_TARGETS; i++) {
        const struct d3d9_surface *s = dev->rt[i];
        UINT n = s ? d3d9_ms_samples(s->ms_type, s->ms_quality) : 0;
        if (n && samples && n != samples)
            return fail(w, "the render targets and the depth-stencil surface differ in "
                           "multisampling (%u and %u samples)", samples, n);
        if (n)
            samples = n;
    }
    if (dev->ds && dev->ds->width < w->width)
        w->width = dev->ds->width;
    if (dev->ds && dev->ds->height < w->height)
        w->height = dev->ds->height;
    return true;
}

/* The declaration element feeding (usage, index), or NULL. */
static const D3DVERTEXELEMENT9 *decl_find(const struct d3d9_vertex_decl *d, unsigned usage,
                                          unsigned index)
{
    for (UINT i = 0; i + 1 < d->count; i++) {
        const D3DVERTEXELEMENT9 *e = &d->elements[i];
        if (e->Type != D3DDECLTYPE_UNUSED && e->Usage == usage && e->UsageIndex == index)
            return e;
    }
    return NULL;
}

static bool add_element(struct work *w, const D3DVERTEXELEMENT9 *e, unsigned reg,
                        unsigned *comps, enum d3d9_input_conv *conv)
{
    core_format f;
    if (!d3d9_decl_type_format(e->Type, &f, comps, conv))
        return true;       /* UNUSED: nothing to fetch */
    if (w->element_count == DRAW_MAX_ELEMENTS)
        return fail(w, "too many vertex elements");
    struct draw_element *de = &w->elements[w->element_count++];
    memset(de, 0, sizeof(*de));
    de->format = f;
    de->stream = e->Stream;
    de->offset = e->Offset;
    de->reg = (uint8_t)reg;
    de->mask = 0xf;
    w->streams_used |= 1u << e->Stream;
    return true;
}

/* Vertex program and elements: the shader's, or the fixed-function program of the state. */
static bool rule_vertex_program(struct work *w)
{
    struct d3d9_state *st = w->st;
    const struct d3d9_vertex_decl *d = st->decl;
    if (!d)
        return fail(w, "no vertex declaration or FVF is set");
    w->element_count = 0;
    w->streams_used = 0;
    if (st->vs) {
        struct d3d9_shader *s = d3d9_vertex_shader_impl(st->vs);
        if (!s || !d3d9_shader_of(s, w->dev))
            return fail(w, "the vertex shader is not one of this device's");
        /* pass 1: conversions per register; pass 2 (below): the program of those */
        uint8_t conv[IR_MAX_INPUTS];
        const struct d3d9_program *p =
            d3d9_shader_program(s, NULL, false, 0, 0, 0, w->msg, MSG_SIZE);
        if (!p)
            return false;
        memset(conv, 0, sizeof(conv));
        for (uint32_t r = 0; r < p->prog->input_count && r < IR_MAX_INPUTS; r++) {
            if (p->in_usage[r] == 0xff || p->prog->in_sysval[r])
                continue;
            const D3DVERTEXELEMENT9 *e = decl_find(d, p->in_usage[r], p->in_index[r]);
            unsigned comps;
            enum d3d9_input_conv cv = D3D9_CONV_NONE;
            if (e && !add_element(w, e, r, &comps, &cv))
                return false;
            conv[r] = (uint8_t)cv;
        }
        if (!(w->vs = d3d9_shader_program(s, conv, false, 0, 0, 0, w->msg, MSG_SIZE)))
            return false;
        if (w->vs->prog->position_out < 0)
            return fail(w, "the vertex shader does not write a position");
        return true;
    }
    /* fixed function: elements by usage onto the program's registers */
    static const uint8_t usage[FF_VS_IN_COUNT][2] = {
        { D3DDECLUSAGE_POSITION, 0 }, { D3DDECLUSAGE_NORMAL, 0 }, { D3DDECLUSAGE_COLOR, 0 },
        { D3DDECLUSAGE_COLOR, 1 }, { D3DDECLUSAGE_TEXCOORD, 0 }, { D3DDECLUSAGE_TEXCOORD, 1 },
        { D3DDECLUSAGE_TEXCOORD, 2 }, { D3DDECLUSAGE_TEXCOORD, 3 },
        { D3DDECLUSAGE_TEXCOORD, 4 }, { D3DDECLUSAGE_TEXCOORD, 5 },
        { D3DDECLUSAGE_TEXCOORD, 6 }, { D3DDECLUSAGE_TEXCOORD, 7 },
        { D3DDECLUSAGE_BLENDWEIGHT, 0 }, { D3DDECLUSAGE_POSITION, 1 },
        { D3DDECLUSAGE_NORMAL, 1 }, { D3DDECLUSAGE_PSIZE, 0 }, { D3DDECLUSAGE_BLENDINDICES, 0 },
    };
    struct d3d9_ff_inputs in;
    memset(&in, 0, sizeof(in));
    in.points = w->points;
    in.sprites = w->points && st->rs[D3DRS_POINTSPRITEENABLE];
    /* indexed vertex blending where the caps of the current mode allow it (D3DCAPS9
     * MaxVertexBlendMatrixIndex: 0 = not supported; 255 in software vertex processing) */
    if (st->rs[D3DRS_INDEXEDVERTEXBLENDENABLE]) {
        if (w->caps->MaxVertexBlendMatrixIndex > 0)
            in.indexed = true;
        else
            util_msg(false, "%s: D3DRS_INDEXEDVERTEXBLENDENABLE ignored: MaxVertexBlendMatrixIndex "
                     "is 0 in this vertex processing mode", w->call->name);
    }
    for (unsigned k = 0; k < FF_VS_IN_COUNT; k++) {
        const D3DVERTEXELEMENT9 *e = decl_find(d, usage[k][0], usage[k][1]);
        if (!e && k == FF_VS_IN_POSITION) {
            e = decl_find(d, D3DDECLUSAGE_POSITIONT, 0);
            in.transformed = e != NULL;
        }
        if (!e)
            continue;
        unsigned comps = 0;
        enum d3d9_input_conv cv = D3D9_CONV_NONE;
        if (!add_element(w, e, k, &comps, &cv))
            return false;
        if (k == FF_VS_IN_BLENDINDICES)
            in.indices_normalized = e->Type == D3DDECLTYPE_D3DCOLOR ||
                                    e->Type == D3DDECLTYPE_UBYTE4N;
        in.comps[k] = (uint8_t)comps;
        in.conv[k] = (uint8_t)cv;
    }
    if (!in.comps[FF_VS_IN_POSITION])
        return fail(w, "the vertex declaration has no POSITION or POSITIONT element (needed "
                    "without a vertex shader)");
    size_t enabled = d3d9_ff_active_lights(st, w->caps->MaxActiveLights, w->c->lights,
                                           &w->light_count);
    if (st->rs[D3DRS_LIGHTING] && !in.transformed && enabled > w->light_count)
        util_msg(false, "%s: %zu lights are enabled; the first %zu are used (MaxActiveLights "
                 "%u in this vertex processing mode)", w->call->name, enabled, w->light_count,
                 (unsigned)w->caps->MaxActiveLights);
    d3d9_ff_vs_key_build(st, &in, w->c->lights, w->light_count, &w->vs_key);
    w->ff_vs = true;
    return (w->vs = ff_vs_program(w->c, &w->vs_key, w->msg)) != NULL;
}

static uint8_t texture_dim(const struct d3d9_texture *t)
{
    if (!t)
        return 0;
    switch (t->r.type) {
    case D3DRTYPE_CUBETEXTURE: return IR_RES_TEXTURECUBE;
    case D3DRTYPE_VOLUMETEXTURE: return IR_RES_TEXTURE3D;
    default: return IR_RES_TEXTURE2D;
    }
}

static bool rule_pixel_program(struct work *w)
{
    struct d3d9_state *st = w->st;
    bool flat = st->rs[D3DRS_SHADEMODE] == D3DSHADE_FLAT;
    if (st->ps) {
        struct d3d9_shader *s = d3d9_pixel_shader_impl(st->ps);
        if (!s || !d3d9_shader_of(s, w->dev))
            return fail(w, "the pixel shader is not one of this device's");
        if (d3d9_shader_major(s) >= 3) {
            struct d3d9_shader *v = st->vs ? d3d9_vertex_shader_impl(st->vs) : NULL;
            if (!v || d3d9_shader_major(v) < 3)
                return fail(w, "a ps_3_0 pixel shader needs a vs_3_0 vertex shader");
        }
        unsigned func = st->rs[D3DRS_ALPHATESTENABLE] ? st->rs[D3DRS_ALPHAFUNC] : 0;
        /* fog after ps_1_x / ps_2_x (shader_fixed.c): table fog when FOGTABLEMODE names a
         * formula, else the vertex program's fog factor; ps_3_0 does its own */
        unsigned fog = 0;
        if (st->rs[D3DRS_FOGENABLE] && d3d9_shader_major(s) < 3) {
            DWORD table = st->rs[D3DRS_FOGTABLEMODE];
            fog = table >= D3DFOG_EXP && table <= D3DFOG_LINEAR ? table + 1 : 1;
        }
        return (w->ps = d3d9_shader_program(s, NULL, flat, fog, func,
                                            st->rs[D3DRS_ALPHAREF] & 0xffu, w->msg,
                                            MSG_SIZE)) != NULL;
    }
    uint8_t dims[D3D9_FF_STAGES];
    for (unsigned s = 0; s < D3D9_FF_STAGES; s++)
        dims[s] = texture_dim(st->textures[s]);
    struct d3d9_ff_ps_key key;
    d3d9_ff_ps_key_build(st, dims, w->ff_vs ? &w->vs_key : NULL, &key);
    w->ff_ps = true;
    return (w->ps = ff_ps_program(w->c, &key, w->msg)) != NULL;
}

static bool rule_streams(struct work *w)
{
    const struct d3d9_state *st = w->st;
    for (unsigned s = 0; s < D3D9_MAX_STREAMS; s++) {
        if (!(w->streams_used & (1u << s)) || (s == 0 && w->call->up))
            continue;
        const struct d3d9_buffer *b = st->streams[s].buffer;
        if (!b)
            return fail(w, "stream %u has no vertex buffer (SetStreamSource)", s);
        if (w->software_mixed && !b->software_ok)
            return fail(w, "stream %u: in software vertex processing a mixed device needs "
                        "vertex buffers created with D3DUSAGE_SOFTWAREPROCESSING (or in "
                        "D3DPOOL_SYSTEMMEM) (seed 002)", s);
    }
    return true;
}

static uint32_t read_index(const struct work *w, uint32_t pos)
{
    uint64_t addr = (uint64_t)pos * w->index_bytes;
    if (addr + w->index_bytes > w->index_size)
        return 0;
    if (w->index_bytes == 2) {
        uint16_t v;
        memcpy(&v, w->index_data + addr, 2);
        return v;
    }
    uint32_t v;
    memcpy(&v, w->index_data + addr, 4);
    return v;
}

static bool rule_indices(struct work *w)
{
    const struct call *c = w->call;
    if (!c->indexed)
        return true;
    if (c->up) {
        if (c->up_index_format != D3DFMT_INDEX16 && c->up_index_format != D3DFMT_INDEX32)
            return fail(w, "IndexDataFormat must be D3DFMT_INDEX16 or D3DFMT_INDEX32");
        w->index_data = c->up_indices;
        w->index_size = c->up_index_bytes;
        w->index_bytes = c->up_index_format == D3DFMT_INDEX32 ? 4 : 2;
    } else {
        const struct d3d9_buffer *b = w->st->indices;
        if (!b)
            return fail(w, "no index buffer is set (SetIndices)");
        if (w->software_mixed && !b->software_ok)
            return fail(w, "in software vertex processing a mixed device needs index buffers "
                        "created with D3DUSAGE_SOFTWAREPROCESSING (or in D3DPOOL_SYSTEMMEM) "
                        "(seed 002)");
        w->index_data = d3d9_buffer_data(b);
        w->index_size = b->size;
        w->index_bytes = b->format == D3DFMT_INDEX32 ? 4 : 2;
    }
    for (UINT p = 0; p < w->vertices; p++) {
        uint32_t v = read_index(w, c->start + p);
        if (v > w->caps->MaxVertexIndex)
            return fail(w, "index value %u (index %u) exceeds MaxVertexIndex %u", v,
                        c->start + p, (unsigned)w->caps->MaxVertexIndex);
    }
    return true;
}

typedef bool (*draw_rule)(struct work *w);
static const draw_rule rules[] = {
    rule_scene, rule_primitives, rule_targets, rule_vertex_program, rule_pixel_program,
    rule_streams, rule_indices,
};

/* ---- translation ------------------------------------------------------------------------------ */

static float rs_float(const struct d3d9_state *st, D3DRENDERSTATETYPE s)
{
    float f;
    memcpy(&f, &st->rs[s], sizeof(f));
    return f;
}

static enum sampler_filter filter9(DWORD f)
{
    return f == D3DTEXF_ANISOTROPIC ? SAMPLER_FILTER_ANISOTROPIC :
           f == D3DTEXF_LINEAR || f == D3DTEXF_PYRAMIDALQUAD || f == D3DTEXF_GAUSSIANQUAD
               ? SAMPLER_FILTER_LINEAR : SAMPLER_FILTER_POINT;
}

static enum sampler_address address9(DWORD a)
{
    return a >= D3DTADDRESS_WRAP && a <= D3DTADDRESS_MIRRORONCE ? (enum sampler_address)a :
                                                                  SAMPLER_ADDRESS_WRAP;
}

static bool translate_sampler(const struct work *w, const DWORD *samp, struct sampler *out)
{
    struct sampler_state st;
    memset(&st, 0, sizeof(st));
    st.min_filter = filter9(samp[D3DSAMP_MINFILTER]);
    st.mag_filter = filter9(samp[D3DSAMP_MAGFILTER]);
    st.mip_filter = samp[D3DSAMP_MIPFILTER] == D3DTEXF_NONE ? SAMPLER_MIP_NONE :
                    samp[D3DSAMP_MIPFILTER] == D3DTEXF_POINT ? SAMPLER_MIP_POINT :
                                                               SAMPLER_MIP_LINEAR;
    DWORD aniso = samp[D3DSAMP_MAXANISOTROPY], cap = w->caps->MaxAnisotropy;
    if (cap > 16)
        cap = 16;
    st.max_anisotropy = aniso < 1 ? 1 : aniso > cap ? (cap ? cap : 1) : aniso;
    st.address_u = address9(samp[D3DSAMP_ADDRESSU]);
    st.address_v = address9(samp[D3DSAMP_ADDRESSV]);
    st.address_w = address9(samp[D3DSAMP_ADDRESSW]);
    d3d9_color_to_float(samp[D3DSAMP_BORDERCOLOR], st.border_color);
    memcpy(&st.lod_bias, &samp[D3DSAMP_MIPMAPLODBIAS], sizeof(float));
    if (!isfinite(st.lod_bias))
        st.lod_bias = 0.0f;
    st.min_lod = 0.0f;
    st.max_lod = FLT_MAX;
    st.compare = SAMPLER_COMPARE_NEVER;
    return sampler_init(out, &st);
}

/* The texture as a sampler view from its level `first` on. */
static bool translate_view(const struct d3d9_texture *t, unsigned first, bool srgb,
                           struct texture_view *v)
{
    const core_resource *core = t->storage;
    memset(v, 0, sizeof(*v));
    if (!core || first >= t->levels)
        return false;
    v->format = t->format == D3D9_FMT_INTZ || t->format == D3D9_FMT_DF24 ? CORE_FORMAT_D3D9_INTZ :
                t->format == D3D9_FMT_DF16 ? CORE_FORMAT_D3D9_DF16 : t->cfmt;
    if (srgb && om_format_srgb_twin(t->cfmt))
        v->format = om_format_srgb_twin(t->cfmt);
    v->d3d9_defaults = true;
    v->dim = t->r.type == D3DRTYPE_CUBETEXTURE ? TEXTURE_DIM_CUBE :
             t->r.type == D3DRTYPE_VOLUMETEXTURE ? TEXTURE_DIM_3D : TEXTURE_DIM_2D;
    unsigned levels = t->levels - first;
    if (levels > TEXTURE_MAX_LEVELS)
        levels = TEXTURE_MAX_LEVELS;
    v->levels = levels;
    for (unsigned k = 0; k < levels; k++) {
        uint32_t index = d3d9_texture_sub(t, first + k, 0);
        if (index >= core->subresource_count)
            return false;
        const core_subresource *sub = &core->sub[index];
        struct texture_level *lv = &v->level[k];
        lv->data = core->data + sub->offset;
        lv->row_pitch = sub->row_pitch;
        lv->depth_pitch = sub->depth_pitch;
        lv->width = sub->width;
        lv->height = sub->height;
        lv->depth = sub->depth;
        if (v->dim == TEXTURE_DIM_CUBE) {
            if (index + t->levels >= core->subresource_count)
                return false;
            lv->depth = 6;
            lv->depth_pitch = core->sub[index + t->levels].offset - sub->offset;
        }
    }
    return texture_view_init(v);
}

/* What a pixel shader's sampler with no texture set reads: (0, 0, 0, 1), as on Windows (issue
 * 14's conformance suite; the D3D10+ rule of an unbound view, (0, 0, 0, 0), is not D3D9's).  A
 * 1 x 1 view of one A8R8G8B8 texel 0xFF000000 of the shader's declared dimension (a cube has six
 * faces of it): filtering and addressing of a constant texture give that constant. */
static bool unbound_view(uint8_t res_dim, struct texture_view *v)
{
    static const uint8_t black[6][4] = { { 0, 0, 0, 0xff }, { 0, 0, 0, 0xff }, { 0, 0, 0, 0xff },
                                         { 0, 0, 0, 0xff }, { 0, 0, 0, 0xff }, { 0, 0, 0, 0xff } };
    memset(v, 0, sizeof(*v));
    v->format = d3d9_core_format(D3DFMT_A8R8G8B8);
    v->d3d9_defaults = true;
    v->dim = res_dim == IR_RES_TEXTURECUBE ? TEXTURE_DIM_CUBE :
             res_dim == IR_RES_TEXTURE3D ? TEXTURE_DIM_3D : TEXTURE_DIM_2D;
    v->levels = 1;
    v->level[0] = (struct texture_level){ .data = black[0], .row_pitch = 4,
                                          .depth_pitch = 4, .width = 1, .height = 1,
                                          .depth = v->dim == TEXTURE_DIM_CUBE ? 6 : 1 };
    return texture_view_init(v);
}

static void translate_textures(struct work *w, struct draw_desc *d)
{
    const struct d3d9_state *st = w->st;
    uint32_t mask = w->ps->prog->texture_mask[0] | w->ps->prog->sampler_mask;
    for (unsigned s = 0; s < DRAW_MAX_TEXTURES && s < D3D9_PIXEL_SAMPLERS; s++) {
        if (!(mask & (1u << s)))
            continue;
        const struct d3d9_texture *t = st->textures[s];
        const DWORD *samp = st->samp[s];
        if (t) {
            unsigned first = samp[D3DSAMP_MAXMIPLEVEL] > t->lod ? samp[D3DSAMP_MAXMIPLEVEL] :
                                                                   t->lod;
            if (first >= t->levels)
                first = t->levels - 1;
            if (translate_view(t, first, samp[D3DSAMP_SRGBTEXTURE] != 0, &w->c->views[s]))
                d->textures[s] = &w->c->views[s];
        } else if (!w->ff_ps && unbound_view(w->ps->res_dim[s], &w->c->views[s])) {
            d->textures[s] = &w->c->views[s];
        }
        if (translate_sampler(w, samp, &w->c->samplers[s]))
            d->samplers[s] = &w->c->samplers[s];
    }
}

/* Vertex texture fetch ("Vertex Textures in vs_3_0"): a vs_3_0 shader's samplers s0..s3 read
 * the textures and sampler states of D3DVERTEXTEXTURESAMPLER0..3.  The filters are those
 * VertexTextureFilterCaps of the current mode allow: a MIN/MAGFILTER the caps lack falls back
 * to point, a MIPFILTER to point or, without D3DPTFILTERCAPS_MIPFPOINT, to none (the top
 * level, as seed 003 says of a disabled mip filter).  D3DDMAPSAMPLER feeds
 * displacement-mapped N-patches, which no profile offers (no D3DDEVCAPS2_DMAPNPATCH): vertex
 * shaders do not read it. */
static void translate_vertex_textures(struct work *w, struct draw_desc *d)
{
    const struct d3d9_state *st = w->st;
    if (w->ff_vs)
        return;
    uint32_t mask = w->vs->prog->texture_mask[0] | w->vs->prog->sampler_mask;
    DWORD caps = w->caps->VertexTextureFilterCaps;
    for (unsigned s = 0; s < D3D9_VS_SAMPLERS; s++) {
        if (!(mask & (1u << s)))
            continue;
        int slot = d3d9_sampler_slot(D3DVERTEXTEXTURESAMPLER0 + s);
        if (slot < 0)
            continue;
        DWORD samp[D3D9_SAMP_COUNT];
        memcpy(samp, st->samp[slot], sizeof(samp));
        static const struct {
            D3DSAMPLERSTATETYPE state;
            DWORD point, linear, aniso;
        } f[3] = {
            { D3DSAMP_MINFILTER, D3DPTFILTERCAPS_MINFPOINT, D3DPTFILTERCAPS_MINFLINEAR,
              D3DPTFILTERCAPS_MINFANISOTROPIC },
            { D3DSAMP_MAGFILTER, D3DPTFILTERCAPS_MAGFPOINT, D3DPTFILTERCAPS_MAGFLINEAR,
              D3DPTFILTERCAPS_MAGFANISOTROPIC },
            { D3DSAMP_MIPFILTER, D3DPTFILTERCAPS_MIPFPOINT, D3DPTFILTERCAPS_MIPFLINEAR, 0 },
        };
        for (int i = 0; i < 3; i++) {
            DWORD v = samp[f[i].state];
            if (v == D3DTEXF_NONE || (v == D3DTEXF_POINT && (caps & f[i].point)) ||
                (v == D3DTEXF_ANISOTROPIC && (caps & f[i].aniso)) ||
                (v != D3DTEXF_ANISOTROPIC && v != D3DTEXF_POINT && (caps & f[i].linear)))
                continue;
            /* min/mag: point (every profile's vertex caps have it); mip: point when the caps
             * have it, else no mipmapping (the top level) */
            samp[f[i].state] = (caps & f[i].point) || i < 2 ? D3DTEXF_POINT : D3DTEXF_NONE;
        }
        const struct d3d9_texture *t = st->textures[slot];
        if (t) {
            unsigned first = samp[D3DSAMP_MAXMIPLEVEL] > t->lod ? samp[D3DSAMP_MAXMIPLEVEL] :
                                                                   t->lod;
            if (first >= t->levels)
                first = t->levels - 1;
            if (translate_view(t, first, samp[D3DSAMP_SRGBTEXTURE] != 0, &w->c->vs_views[s]))
                d->vs_textures[s] = &w->c->vs_views[s];
        }
        if (translate_sampler(w, samp, &w->c->vs_samplers[s]))
            d->vs_samplers[s] = &w->c->vs_samplers[s];
    }
}

static uint8_t blend9(DWORD b)
{
    return b <= 0xff ? (uint8_t)b : 0;
}

/* Bytes between the sample planes of a multisampled surface (core/resource.h). */
static size_t sample_pitch(const struct d3d9_surface *s)
{
    return s->storage->sub[s->sub].depth_pitch;
}

static void translate_om(struct work *w, struct draw_desc *d)
{
    const struct d3d9_state *st = w->st;
    const DWORD *rs = st->rs;
    struct d3d9_device *dev = w->dev;
    UINT samples = 1;
    struct om_key *key = &d->om_key;
    memset(key, 0, sizeof(*key));
    memset(&d->om, 0, sizeof(d->om));
    static const D3DRENDERSTATETYPE masks[4] = { D3DRS_COLORWRITEENABLE, D3DRS_COLORWRITEENABLE1,
                                                 D3DRS_COLORWRITEENABLE2,
                                                 D3DRS_COLORWRITEENABLE3 };
    bool independent = w->caps->PrimitiveMiscCaps & D3DPMISCCAPS_INDEPENDENTWRITEMASKS;
    uint8_t src = blend9(rs[D3DRS_SRCBLEND]), dst = blend9(rs[D3DRS_DESTBLEND]);
    uint8_t srca = blend9(rs[D3DRS_SRCBLENDALPHA]), dsta = blend9(rs[D3DRS_DESTBLENDALPHA]);
    uint8_t op = blend9(rs[D3DRS_BLENDOP]), opa = blend9(rs[D3DRS_BLENDOPALPHA]);
    if (!rs[D3DRS_SEPARATEALPHABLENDENABLE]) {
        srca = src;
        dsta = dst;
        opa = op;
    }
    /* D3DBLEND_BOTHSRCALPHA / BOTHINVSRCALPHA set both factors (the destination's is ignored) */
    uint8_t *pairs[2][2] = { { &src, &dst }, { &srca, &dsta } };
    for (int i = 0; i < 2; i++) {
        if (*pairs[i][0] == D3DBLEND_BOTHSRCALPHA) {
            *pairs[i][0] = D3DBLEND_SRCALPHA;
            *pairs[i][1] = D3DBLEND_INVSRCALPHA;
        } else if (*pairs[i][0] == D3DBLEND_BOTHINVSRCALPHA) {
            *pairs[i][0] = D3DBLEND_INVSRCALPHA;
            *pairs[i][1] = D3DBLEND_SRCALPHA;
        }
    }
    for (unsigned i = 0; i < OM_MAX_TARGETS && i < D3D9_MAX_RTS; i++) {
        const struct d3d9_surface *s = dev->rt[i];
        if (!s || s->format == D3D9_FMT_NULL)
            continue;   /* a NULL render target takes no colour (d3d9_private.h) */
        struct om_target_key *t = &key->rt[i];
        t->format = s->cfmt;
        if (rs[D3DRS_SRGBWRITEENABLE] && om_format_srgb_twin(s->cfmt))
            t->format = om_format_srgb_twin(s->cfmt);
        t->write_mask = (uint8_t)(rs[masks[independent ? i : 0]] & OM_WRITE_ALL);
        if (rs[D3DRS_ALPHABLENDENABLE]) {
            t->blend_enable = 1;
            t->src_color = src;
            t->dst_color = dst;
            t->op_color = op;
            t->src_alpha = srca;
            t->dst_alpha = dsta;
            t->op_alpha = opa;
        }
        d->om.rt[i] = (struct om_surface){ d3d9_surface_data(s), d3d9_surface_pitch(s),
                                           s->width, s->height, sample_pitch(s) };
        samples = d3d9_ms_samples(s->ms_type, s->ms_quality);
    }
    const struct d3d9_surface *ds = dev->ds;
    if (ds) {
        key->ds_format = ds->cfmt;
        if (rs[D3DRS_ZENABLE] != D3DZB_FALSE) {
            key->depth_enable = 1;
            key->depth_write = rs[D3DRS_ZWRITEENABLE] != 0;
            key->depth_func = (uint8_t)rs[D3DRS_ZFUNC];
        }
        if (rs[D3DRS_STENCILENABLE]) {
            key->stencil_enable = 1;
            key->stencil_read_mask = (uint8_t)rs[D3DRS_STENCILMASK];
            key->stencil_write_mask = (uint8_t)rs[D3DRS_STENCILWRITEMASK];
            key->front = (struct om_stencil_face){ (uint8_t)rs[D3DRS_STENCILFUNC],
                                                   (uint8_t)rs[D3DRS_STENCILFAIL],
                                                   (uint8_t)rs[D3DRS_STENCILZFAIL],
                                                   (uint8_t)rs[D3DRS_STENCILPASS] };
            key->back = key->front;
            if (rs[D3DRS_TWOSIDEDSTENCILMODE])
                key->back = (struct om_stencil_face){ (uint8_t)rs[D3DRS_CCW_STENCILFUNC],
                                                      (uint8_t)rs[D3DRS_CCW_STENCILFAIL],
                                                      (uint8_t)rs[D3DRS_CCW_STENCILZFAIL],
                                                      (uint8_t)rs[D3DRS_CCW_STENCILPASS] };
        }
        d->om.ds = (struct om_surface){ d3d9_surface_data(ds), d3d9_surface_pitch(ds),
                                        ds->width, ds->height, sample_pitch(ds) };
        samples = d3d9_ms_samples(ds->ms_type, ds->ms_quality);
    }
    d3d9_color_to_float(rs[D3DRS_BLENDFACTOR], d->om.blend_factor);
    d->om.stencil_ref = rs[D3DRS_STENCILREF];
    /* Multisampled targets (rule_targets: one count): D3DRS_MULTISAMPLEMASK picks the samples
     * written; D3DRS_MULTISAMPLEANTIALIAS FALSE gives every sample the pixel-centre coverage
     * ("all samples take the same value: the pixel centre's", D3DRENDERSTATETYPE). */
    if (samples > 1) {
        d->om.samples = samples;
        d->om.sample_mask = rs[D3DRS_MULTISAMPLEMASK];
        d->ms_center = !rs[D3DRS_MULTISAMPLEANTIALIAS];
    }
}

static void translate_raster(struct work *w, struct draw_desc *d)
{
    const struct d3d9_state *st = w->st;
    const DWORD *rs = st->rs;
    d->fill = rs[D3DRS_FILLMODE] == D3DFILL_WIREFRAME ? DRAW_FILL_WIREFRAME : DRAW_FILL_SOLID;
    d->cull = rs[D3DRS_CULLMODE] == D3DCULL_CCW ? RASTER_CULL_BACK :
              rs[D3DRS_CULLMODE] == D3DCULL_CW ? RASTER_CULL_FRONT : RASTER_CULL_NONE;
    d->front_ccw = false;
    float bias = rs_float(st, D3DRS_DEPTHBIAS);
    if (bias != 0.0f && isfinite(bias)) {
        const core_format_desc *f = w->dev->ds ? core_format_get(w->dev->ds->cfmt) : NULL;
        double units = 8388608.0;      /* 2^23: float depth, or no depth buffer */
        if (f && f->kind != CORE_FMT_FLOAT && f->bits[0] && f->bits[0] < 32 &&
            w->dev->ds->cfmt != CORE_FORMAT_D3D9_D24FS8)
            units = (double)((1u << f->bits[0]) - 1u);
        double v = nearbyint((double)bias * units);
        d->depth_bias = v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
    }
    float slope = rs_float(st, D3DRS_SLOPESCALEDEPTHBIAS);
    d->slope_scaled_depth_bias = isfinite(slope) ? slope : 0.0f;
    d->scissor_enable = rs[D3DRS_SCISSORTESTENABLE] != 0;
    d->scissor = (struct raster_rect){ st->scissor.left, st->scissor.top, st->scissor.right,
                                       st->scissor.bottom };
    const D3DVIEWPORT9 *vp = &st->viewport;
    d->viewport = (struct draw_viewport){ (float)vp->X + 0.5f, (float)vp->Y + 0.5f,
                                          (float)vp->Width, (float)vp->Height, vp->MinZ,
                                          vp->MaxZ };
    /* pre-transformed vertices carry their depth already: no MinZ/MaxZ mapping */
    if (w->ff_vs && w->vs_key.transformed) {
        d->viewport.min_depth = 0.0f;
        d->viewport.max_depth = 1.0f;
    }
    /* User clip planes (D3DRS_CLIPPLANEENABLE, SetClipPlane): world space under the fixed-
     * function pipeline, clip space with a vertex shader (SetClipPlane reference page).
     * Pre-transformed (XYZRHW) vertices are not clipped against them: they bypass the
     * transformation the planes are defined through. */
    DWORD enable = rs[D3DRS_CLIPPLANEENABLE];
    DWORD max_planes = d3d9_device_caps(w->dev)->MaxUserClipPlanes;
    d->user_clip_count = 0;
    for (DWORD i = 0; i < max_planes && i < DRAW_MAX_USER_CLIP; i++) {
        float *out = d->user_clip[d->user_clip_count];
        if (!(enable & (1u << i)))
            continue;
        if (!w->ff_vs)
            memcpy(out, st->clip_planes[i], sizeof(float[4]));
        else if (w->vs_key.transformed || !d3d9_ff_clip_plane(st, st->clip_planes[i], out))
            continue;
        d->user_clip_count++;
    }
    d->width = w->width;
    d->height = w->height;
}

/* Points as squares ("Point Sprites (Direct3D 9)"; the pipeline's struct draw_points): the
 * size is the vertex program's PSIZE output (the fixed-function program's computed size, or a
 * shader's oPts), D3DRS_POINTSIZE when a shader writes none; it is clamped to
 * [D3DRS_POINTSIZE_MIN, D3DRS_POINTSIZE_MAX] ("Computing the Size of Point Sprites": the
 * driver clamps) and to the caps' MaxPointSize, which wins over both.  With
 * D3DRS_POINTSPRITEENABLE every texture coordinate the pixel program reads becomes (0, 0) at
 * the top-left corner .. (1, 1) at the bottom-right ("each point displays the full texture");
 * without it the vertex's coordinates cover the whole point. */
static void translate_points(struct work *w, struct draw_desc *d)
{
    const DWORD *rs = w->st->rs;
    struct draw_linkage *link = &w->c->link;
    struct draw_points *pt = &d->points;
    memset(pt, 0, sizeof(*pt));
    if (!w->points)
        return;
    pt->enable = true;
    pt->size_slot = -1;
    pt->size = rs_float(w->st, D3DRS_POINTSIZE);
    float cap = w->caps->MaxPointSize, smax = rs_float(w->st, D3DRS_POINTSIZE_MAX);
    float smin = rs_float(w->st, D3DRS_POINTSIZE_MIN);
    pt->size_max = smax < cap ? smax : cap;          /* a NaN state: the cap */
    if (!(smin >= 0.0f))
        smin = 0.0f;                                 /* a NaN or negative state: no minimum */
    pt->size_min = smin < pt->size_max ? smin : pt->size_max;
    const struct draw_program *vp = w->vs->prog;
    for (uint32_t o = 0; o < vp->output_count && o < IR_MAX_OUTPUTS; o++) {
        if (w->vs->out_usage[o] != D3DDECLUSAGE_PSIZE || w->vs->out_index[o] != 0 ||
            !(vp->out_mask[o] & 1u))
            continue;
        unsigned slot = link->attr_count;
        for (unsigned k = 0; k < link->attr_count; k++)
            if (link->attr_reg[k] == o)
                slot = k;
        if (slot == link->attr_count) {
            if (link->attr_count == IR_MAX_OUTPUTS)
                break;
            link->attr_reg[link->attr_count++] = (uint8_t)o;
        }
        pt->size_slot = (int8_t)slot;
        pt->size_comp = 0;
        break;
    }
    if (!rs[D3DRS_POINTSPRITEENABLE])
        return;
    const struct draw_program *pp = w->ps->prog;
    for (uint32_t r = 0; r < pp->input_count && r < IR_MAX_INPUTS; r++) {
        for (int c = 0; c < 4; c++)
            if (w->ps->in_sem[r][c].usage == D3DDECLUSAGE_TEXCOORD &&
                link->in[r][c].kind == DRAW_IN_ATTR && link->in[r][c].comp < 2 &&
                link->in[r][c].slot < 32)
                pt->sprite_slots |= 1u << link->in[r][c].slot;
    }
}

/* D3DRS_WRAP0..15 onto the pixel program's TEXCOORDn inputs (d3d9_link_wrap).  WRAPn names a
 * set of texture coordinates: with a pixel shader the coordinates of semantic TEXCOORDn; with
 * the fixed-function vertex pipeline TEXCOORDn carries stage n's coordinates, which come from
 * the set its D3DTSS_TEXCOORDINDEX names (the low word, also for generated coordinates), so
 * WRAP of that set applies (validate.c's NONPOW2CONDITIONAL check reads the same set). */
static void translate_wrap(struct work *w)
{
    const DWORD *rs = w->st->rs;
    DWORD wrap[16];
    for (unsigned n = 0; n < 16; n++) {
        DWORD set = n;
        if (w->ff_vs && n < D3D9_FF_STAGES)
            set = w->st->tss[n][D3DTSS_TEXCOORDINDEX] & 0xffffu;
        wrap[n] = set >= 16 ? 0 : rs[set < 8 ? D3DRS_WRAP0 + set : D3DRS_WRAP8 + (set - 8)];
    }
    d3d9_link_wrap(w->ps, wrap, &w->c->link);
}

static void translate_constants(struct work *w, struct draw_desc *d)
{
    const struct d3d9_state *st = w->st;
    struct d3d9_draw_cache *c = w->c;
    memset(d->vs_cb, 0, sizeof(d->vs_cb));
    memset(d->ps_cb, 0, sizeof(d->ps_cb));
    if (w->ff_vs) {
        d3d9_ff_vs_constants(st, &w->vs_key, c->lights, c->vs_cb);
        d->vs_cb[0] = (struct vm_cbuffer){ (const uint32_t *)c->vs_cb,
                                           FF_VSC_SIZE(w->vs_key.light_count) };
        if (w->vs_key.indexed) {      /* the palette was allocated by draw() */
            d3d9_ff_vs_palette(st, c->palette);
            d->vs_cb[FF_VSC_PALETTE_SLOT] = (struct vm_cbuffer){
                (const uint32_t *)c->palette, FF_VSC_PALETTE_COUNT * FF_VSC_PALETTE_SIZE };
        }
    } else {
        for (unsigned i = 0; i < D3D9_CONST_B; i++)
            c->vs_bool[i][0] = st->vs_b[i] ? 0xffffffffu : 0u;
        d->vs_cb[IR_D3D9_CB_FLOAT] = (struct vm_cbuffer){ (const uint32_t *)st->vs_f,
                                                          d3d9_vs_const_f_limit(w->dev) };
        d->vs_cb[IR_D3D9_CB_INT] = (struct vm_cbuffer){ (const uint32_t *)st->vs_i,
                                                        D3D9_CONST_I };
        d->vs_cb[IR_D3D9_CB_BOOL] = (struct vm_cbuffer){ &c->vs_bool[0][0], D3D9_CONST_B };
    }
    if (w->ff_ps) {
        d3d9_ff_ps_constants(st, c->ps_cb);
        d->ps_cb[0] = (struct vm_cbuffer){ (const uint32_t *)c->ps_cb, FF_PSC_SIZE };
    } else {
        for (unsigned i = 0; i < D3D9_CONST_B; i++)
            c->ps_bool[i][0] = st->ps_b[i] ? 0xffffffffu : 0u;
        d->ps_cb[IR_D3D9_CB_FLOAT] = (struct vm_cbuffer){ (const uint32_t *)st->ps_f,
                                                          d3d9_ps_const_f_limit(w->dev) };
        d->ps_cb[IR_D3D9_CB_INT] = (struct vm_cbuffer){ (const uint32_t *)st->ps_i,
                                                        D3D9_CONST_I };
        d->ps_cb[IR_D3D9_CB_BOOL] = (struct vm_cbuffer){ &c->ps_bool[0][0], D3D9_CONST_B };
        /* ps_1_x bump mapping: the stages' D3DTSS_BUMPENV* states (d3dbc_ir.h layout) */
        memset(c->bumpenv, 0, sizeof(c->bumpenv));
        for (unsigned s = 0; s < D3D9_FF_STAGES && 2 * s + 1 < D3DBC_IR_BUMPENV_SIZE; s++) {
            static const D3DTEXTURESTAGESTATETYPE k[6] = {
                D3DTSS_BUMPENVMAT00, D3DTSS_BUMPENVMAT01, D3DTSS_BUMPENVMAT10,
                D3DTSS_BUMPENVMAT11, D3DTSS_BUMPENVLSCALE, D3DTSS_BUMPENVLOFFSET };
            for (unsigned i = 0; i < 6; i++)
                memcpy(&c->bumpenv[2 * s + i / 4][i % 4], &st->tss[s][k[i]], sizeof(float));
        }
        d->ps_cb[D3DBC_IR_CB_BUMPENV] = (struct vm_cbuffer){ (const uint32_t *)c->bumpenv,
                                                             D3DBC_IR_BUMPENV_SIZE };
        /* fog after the shader (shader_fixed.c): the same values as the FF program's */
        float ff[FF_PSC_SIZE][4];
        d3d9_ff_ps_constants(st, ff);
        memcpy(c->ps_fixed[D3D9_PSF_FOG_COLOR], ff[FF_PSC_FOG_COLOR], sizeof(float[4]));
        memcpy(c->ps_fixed[D3D9_PSF_FOG], ff[FF_PSC_FOG], sizeof(float[4]));
        d->ps_cb[D3D9_PS_CB_FIXED] = (struct vm_cbuffer){ (const uint32_t *)c->ps_fixed,
                                                          D3D9_PSF_SIZE };
    }
}

/* Streams, elements, instancing. */
static void translate_input(struct work *w, struct draw_desc *d)
{
    const struct d3d9_state *st = w->st;
    const struct call *c = w->call;
    for (unsigned s = 0; s < D3D9_MAX_STREAMS && s < DRAW_MAX_STREAMS; s++) {
        const struct d3d9_stream *b = &st->streams[s];
        if (s == 0 && c->up) {
            d->streams[0] = (struct draw_stream){ c->up_vertices, c->up_vertex_bytes,
                                                  c->up_stride, 0 };
            continue;
        }
        if (!b->buffer)
            continue;
        d->streams[s] = (struct draw_stream){ d3d9_buffer_data(b->buffer), b->buffer->size,
                                              b->stride, b->offset };
    }
    memcpy(d->elements, w->elements, sizeof(w->elements[0]) * w->element_count);
    d->element_count = w->element_count;
    d->instance_count = 1;
    UINT f0 = st->streams[0].freq;
    if (c->indexed && !c->up && (f0 & D3DSTREAMSOURCE_INDEXEDDATA)) {
        UINT n = f0 & ~(D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA);
        d->instance_count = n ? n : 1;
        for (uint32_t e = 0; e < d->element_count; e++) {
            UINT f = st->streams[d->elements[e].stream % D3D9_MAX_STREAMS].freq;
            if (f & D3DSTREAMSOURCE_INSTANCEDATA) {
                d->elements[e].per_instance = true;
                d->elements[e].step_rate =
                    f & ~(D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA);
            }
        }
    }
}

/* Topology, counts and indices (fans become lists, point fill becomes a point list). */
static bool translate_topology(struct work *w, struct draw_desc *d)
{
    const struct call *c = w->call;
    struct d3d9_draw_cache *cache = w->c;
    bool points = w->st->rs[D3DRS_FILLMODE] == D3DFILL_POINT;
    d->topology = points ? DRAW_POINT_LIST : c->type == D3DPT_TRIANGLEFAN ?
                  DRAW_TRIANGLE_LIST : (enum draw_topology)c->type;
    d->count = w->vertices;
    d->start = c->start;
    d->base_vertex = c->indexed ? c->base_vertex : 0;
    if (c->indexed) {
        d->index_data = w->index_data;
        d->index_size = w->index_size;
        d->index_bytes = (uint8_t)w->index_bytes;
    }
    if (points || c->type != D3DPT_TRIANGLEFAN)
        return true;
    size_t need = (size_t)3 * c->prims;
    if (need > cache->index_cap) {
        uint32_t *n = realloc(cache->indices, need * sizeof(uint32_t));
        if (!n)
            return false;
        cache->indices = n;
        cache->index_cap = need;
    }
    for (UINT i = 0; i < c->prims; i++) {
        uint32_t p[3] = { i + 1, i + 2, 0 };
        for (int k = 0; k < 3; k++)
            cache->indices[3 * i + k] = c->indexed ? read_index(w, c->start + p[k]) : p[k];
    }
    d->count = (uint32_t)need;
    d->start = 0;
    d->index_data = (const uint8_t *)cache->indices;
    d->index_size = need * sizeof(uint32_t);
    d->index_bytes = 4;
    if (!c->indexed)
        d->base_vertex = (int32_t)c->start;
    return true;
}

static HRESULT draw(struct d3d9_device *dev, const struct call *c)
{
    char msg[MSG_SIZE];
    HRESULT hr = D3D_OK;
    struct work w;
    memset(&w, 0, sizeof(w));
    msg[0] = 0;
    w.dev = dev;
    w.call = c;
    w.msg = msg;
    d3d9_device_lock_state(dev);
    w.st = dev->state;
    w.caps = d3d9_device_caps(dev);
    w.software_mixed = atomic_load(&dev->software_vp) &&
                       (dev->create.BehaviorFlags & D3DCREATE_MIXED_VERTEXPROCESSING);
    if (!(w.c = renderer(dev))) {
        d3d9_device_unlock(dev);
        util_msg(false, "%s: out of memory", c->name);
        return E_OUTOFMEMORY;
    }
    if (!c->prims) {
        if (!dev->in_scene) {
            util_msg(false, "%s: no scene is open: BeginScene must be called before rendering",
                     c->name);
            hr = D3DERR_INVALIDCALL;
        }
        goto done;
    }
    for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
        if (!rules[i](&w)) {
            util_msg(false, "%s: %s", c->name, msg);
            hr = D3DERR_INVALIDCALL;
            goto done;
        }
    }
    struct draw_desc *d = &w.c->desc;
    memset(d, 0, sizeof(*d));
    if (w.ff_vs && w.vs_key.indexed && !w.c->palette)
        w.c->palette = malloc(sizeof(float[4]) * FF_VSC_PALETTE_COUNT * FF_VSC_PALETTE_SIZE);
    if ((w.ff_vs && w.vs_key.indexed && !w.c->palette) || !translate_topology(&w, d)) {
        util_msg(false, "%s: out of memory", c->name);
        hr = E_OUTOFMEMORY;
        goto done;
    }
    translate_input(&w, d);
    d3d9_link(w.vs, w.ps, &w.c->link);
    translate_wrap(&w);
    d->vs = w.vs->prog;
    d->ps = w.ps->prog;
    d->link = &w.c->link;
    translate_points(&w, d);
    translate_constants(&w, d);
    translate_textures(&w, d);
    translate_vertex_textures(&w, d);
    translate_raster(&w, d);
    translate_om(&w, d);
    /* Binning across draws (pipeline/draw.h): the draw may wait in the scene for the next
     * ones, unless an occlusion query counts its samples.  Whatever may read or change what
     * it borrows (texels, targets, the pixel program) takes d3d9_device_lock, which flushes
     * first; a destroyed object flushes first too (resource.c d3d9_life_unbind). */
    uint64_t samples = 0;
    d->deferrable = dev->occlusion_open == 0;
    int ret = draw_execute(w.c->dc, d, d->deferrable ? NULL : &samples, msg, sizeof(msg));
    dev->samples_passed += samples;   /* occlusion queries (query.c) */
    if (ret == DRAW_E_NOMEM) {
        util_msg(false, "%s: out of memory", c->name);
        hr = E_OUTOFMEMORY;
    } else if (ret) {
        util_msg(false, "%s: %s", c->name, msg);
        hr = D3DERR_INVALIDCALL;
    }
done:
    /* The UP draws leave stream 0 (and the index buffer) unset (DrawPrimitiveUP,
     * DrawIndexedPrimitiveUP: "the stream 0 settings ... are reset"; "the index buffer setting
     * for IDirect3DDevice9::SetIndices is set to NULL") whatever the outcome. */
    if (c->up) {
        d3d9_bind_buffer(&dev->state->streams[0].buffer, NULL);
        dev->state->streams[0].offset = 0;
        dev->state->streams[0].stride = 0;
        if (c->indexed)
            d3d9_bind_buffer(&dev->state->indices, NULL);
    }
    d3d9_device_unlock(dev);
    return hr;
}

/* ---- the vertex stage alone (ProcessVertices, process.c) -------------------------------------- */

/* The vertex processing of the current state as a draw description: the same rules and
 * translation as a draw of the streams (vertex program, streams, constants, vertex textures,
 * viewport and user clip planes), with a linkage that carries every output the vertex program
 * writes (no pixel program reads them).  Caller holds the device lock. */
HRESULT d3d9_vertex_stage(struct d3d9_device *dev, const char *name, bool point_size,
                          struct d3d9_vertex_stage *out)
{
    char msg[MSG_SIZE];
    struct call c;
    struct work w;
    memset(&c, 0, sizeof(c));
    memset(&w, 0, sizeof(w));
    memset(out, 0, sizeof(*out));
    msg[0] = 0;
    c.name = name;
    c.type = D3DPT_POINTLIST;
    w.dev = dev;
    w.call = &c;
    w.msg = msg;
    w.st = dev->state;
    w.caps = d3d9_device_caps(dev);
    w.software_mixed = atomic_load(&dev->software_vp) &&
                       (dev->create.BehaviorFlags & D3DCREATE_MIXED_VERTEXPROCESSING);
    w.points = point_size;    /* the FF program writes PSIZE (translate_points' rule) */
    if (!(w.c = renderer(dev))) {
        util_msg(false, "%s: out of memory", name);
        return E_OUTOFMEMORY;
    }
    if (!rule_vertex_program(&w) || !rule_streams(&w)) {
        util_msg(false, "%s: %s", name, msg);
        return D3DERR_INVALIDCALL;
    }
    struct draw_desc *d = &w.c->desc;
    memset(d, 0, sizeof(*d));
    if (w.ff_vs && w.vs_key.indexed && !w.c->palette)
        w.c->palette = malloc(sizeof(float[4]) * FF_VSC_PALETTE_COUNT * FF_VSC_PALETTE_SIZE);
    if (w.ff_vs && w.vs_key.indexed && !w.c->palette) {
        util_msg(false, "%s: out of memory", name);
        return E_OUTOFMEMORY;
    }
    d->topology = DRAW_POINT_LIST;
    translate_input(&w, d);
    struct draw_linkage *link = &w.c->link;
    memset(link, 0, sizeof(*link));
    const struct draw_program *vp = w.vs->prog;
    for (uint32_t o = 0; o < vp->output_count && o < IR_MAX_OUTPUTS; o++)
        if (vp->out_mask[o] && (int)o != vp->position_out)
            link->attr_reg[link->attr_count++] = (uint8_t)o;
    d->vs = vp;
    d->link = link;
    translate_constants(&w, d);
    translate_vertex_textures(&w, d);
    translate_raster(&w, d);
    out->desc = d;
    out->vs = w.vs;
    out->ff = w.ff_vs ? &w.c->stage_key : NULL;
    if (w.ff_vs)
        w.c->stage_key = w.vs_key;
    out->dc = w.c->dc;
    return D3D_OK;
}

/* ---- the methods ------------------------------------------------------------------------------ */

static HRESULT STDMETHODCALLTYPE device_DrawPrimitive(IDirect3DDevice9 *iface,
                                                      D3DPRIMITIVETYPE type, UINT start,
                                                      UINT count)
{
    struct call c;
    memset(&c, 0, sizeof(c));
    c.name = "DrawPrimitive";
    c.type = type;
    c.prims = count;
    c.start = start;
    return draw(d3d9_device_from_iface(iface), &c);
}

static HRESULT STDMETHODCALLTYPE device_DrawIndexedPrimitive(IDirect3DDevice9 *iface,
                                                             D3DPRIMITIVETYPE type,
                                                             INT base_vertex, UINT min_index,
                                                             UINT num_vertices, UINT start,
                                                             UINT count)
{
    struct call c;
    memset(&c, 0, sizeof(c));
    c.name = "DrawIndexedPrimitive";
    c.type = type;
    c.prims = count;
    c.indexed = true;
    c.base_vertex = base_vertex;
    c.min_index = min_index;
    c.num_vertices = num_vertices;
    c.start = start;
    return draw(d3d9_device_from_iface(iface), &c);
}

static HRESULT STDMETHODCALLTYPE device_DrawPrimitiveUP(IDirect3DDevice9 *iface,
                                                        D3DPRIMITIVETYPE type, UINT count,
                                                        const void *data, UINT stride)
{
    struct call c;
    if (!data || !stride) {
        util_msg(false, "DrawPrimitiveUP: pVertexStreamZeroData is NULL or the stride is 0");
        return D3DERR_INVALIDCALL;
    }
    memset(&c, 0, sizeof(c));
    c.name = "DrawPrimitiveUP";
    c.type = type;
    c.prims = count;
    c.up = true;
    c.up_vertices = data;
    c.up_stride = stride;
    c.up_vertex_bytes = (size_t)vertex_count(type, count) * stride;
    return draw(d3d9_device_from_iface(iface), &c);
}

static HRESULT STDMETHODCALLTYPE device_DrawIndexedPrimitiveUP(IDirect3DDevice9 *iface,
                                                               D3DPRIMITIVETYPE type,
                                                               UINT min_index,
                                                               UINT num_vertices, UINT count,
                                                               const void *indices,
                                                               D3DFORMAT index_format,
                                                               const void *data, UINT stride)
{
    struct call c;
    if (!data || !stride || !indices) {
        util_msg(false, "DrawIndexedPrimitiveUP: pIndexData or pVertexStreamZeroData is NULL, "
                        "or the stride is 0");
        return D3DERR_INVALIDCALL;
    }
    memset(&c, 0, sizeof(c));
    c.name = "DrawIndexedPrimitiveUP";
    c.type = type;
    c.prims = count;
    c.indexed = true;
    c.min_index = min_index;
    c.num_vertices = num_vertices;
    c.up = true;
    c.up_vertices = data;
    c.up_stride = stride;
    c.up_vertex_bytes = ((size_t)min_index + num_vertices) * stride;
    c.up_indices = indices;
    c.up_index_format = index_format;
    c.up_index_bytes = (size_t)vertex_count(type, count) *
                       (index_format == D3DFMT_INDEX32 ? 4 : 2);
    return draw(d3d9_device_from_iface(iface), &c);
}

void d3d9_draw_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->DrawPrimitive = device_DrawPrimitive;
    v->DrawIndexedPrimitive = device_DrawIndexedPrimitive;
    v->DrawPrimitiveUP = device_DrawPrimitiveUP;
    v->DrawIndexedPrimitiveUP = device_DrawIndexedPrimitiveUP;
}
