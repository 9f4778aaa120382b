/* src/sample/texel_fast.c — decode tables and the layout test for 4 x 8-bit colour formats
 * (texel.h, "Fast paths").
 *
 * The generic load (texel_load.c) decodes a channel through get_bits and a switch on its type;
 * for the formats of almost every render target and texture (R8G8B8A8, B8G8R8A8...) that is
 * most of the work of a texel fetch.  Here the format is looked at once (texel_rgba8_layout,
 * when a view or an output-merger state is made) and a texel becomes four table lookups.  The
 * tables are filled from the reference conversions themselves, so they cannot disagree with
 * them: texel_unorm_to_float(v, 8) and texel_srgb_to_float(v, 8) for v = 0..255.
 */
#include "sample/texel.h"

#include <pthread.h>
#include <string.h>

static float unorm8[256], srgb8[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables_init(void)
{
    for (uint32_t v = 0; v < 256; v++) {
        unorm8[v] = texel_unorm_to_float(v, 8);
        srgb8[v] = texel_srgb_to_float(v, 8);
    }
}

const float *texel_unorm8_table(void)
{
    pthread_once(&tables_once, tables_init);
    return unorm8;
}

const float *texel_srgb8_table(void)
{
    pthread_once(&tables_once, tables_init);
    return srgb8;
}

bool texel_rgba8_layout(const struct texel_format *f, struct texel_rgba8 *out)
{
    if (!f || !f->desc || f->block_w != 1 || f->block_h != 1 || f->block_bytes != 4 ||
        f->store != texel_store_generic || f->integer)
        return false;
    struct texel_rgba8 l = { { 0, 0, 0, 0 }, false, false, 0xffffffffu };
    unsigned colour_types = 0, used = 0;
    for (int c = 0; c < 4; c++) {
        const struct texel_channel *ch = &f->ch[c];
        if (!ch->type) {
            if (c < 3)
                return false;   /* a missing colour channel: default values, not here */
            continue;
        }
        if (ch->bits != 8 || ch->shift % 8 || ch->shift > 24)
            return false;
        if (used & (1u << (ch->shift / 8)))
            return false;       /* two channels on one byte (luminance): not here */
        used |= 1u << (ch->shift / 8);
        if (c == 3) {
            if (ch->type != TEXEL_UNORM)
                return false;
            l.has_alpha = true;
        } else {
            if (ch->type != TEXEL_UNORM && ch->type != TEXEL_SRGB)
                return false;
            colour_types |= 1u << ch->type;
        }
        l.shift[c] = ch->shift;
        l.keep &= ~(0xffu << ch->shift);
    }
    if (colour_types != (1u << TEXEL_UNORM) && colour_types != (1u << TEXEL_SRGB))
        return false;           /* mixed colour channels: not here */
    l.srgb = colour_types == (1u << TEXEL_SRGB);
    if (!l.has_alpha)
        l.shift[3] = 0;
    *out = l;
    return true;
}

static inline uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

bool texel_load_fast_bits(const struct texel_format *f, const uint8_t *p, uint32_t out[4])
{
    /* load_generic of a 32-bit FLOAT channel is the bits themselves (texel_load.c
     * decode_float), of an 8-bit UNORM channel v / 255 (the table) */
    const uint32_t one = 0x3f800000u;
    switch (f->id) {
    case 2:    /* R32G32B32A32_FLOAT */
        out[0] = rd32(p);
        out[1] = rd32(p + 4);
        out[2] = rd32(p + 8);
        out[3] = rd32(p + 12);
        return true;
    case 6:    /* R32G32B32_FLOAT */
        out[0] = rd32(p);
        out[1] = rd32(p + 4);
        out[2] = rd32(p + 8);
        out[3] = one;
        return true;
    case 16:   /* R32G32_FLOAT */
        out[0] = rd32(p);
        out[1] = rd32(p + 4);
        out[2] = 0;
        out[3] = one;
        return true;
    case 41:   /* R32_FLOAT */
        out[0] = rd32(p);
        out[1] = out[2] = 0;
        out[3] = one;
        return true;
    case 28:   /* R8G8B8A8_UNORM */
    case 87: { /* B8G8R8A8_UNORM */
        const float *t = texel_unorm8_table();
        unsigned r = f->id == 28 ? 0 : 2, b = 2 - r;
        out[0] = fbits(t[p[r]]);
        out[1] = fbits(t[p[1]]);
        out[2] = fbits(t[p[b]]);
        out[3] = fbits(t[p[3]]);
        return true;
    }
    default:
        return false;
    }
}
