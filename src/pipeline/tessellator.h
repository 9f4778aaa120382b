/* src/pipeline/tessellator.h — the fixed-function tessellator of Direct3D 11 (D3D11.3 functional
 * specification, chapter 11 "Tessellator", section 11.7 "Tessellation Pattern").
 *
 * Given a patch's domain, partitioning and output primitive (the hull shader's
 * dcl_tessellator_* declarations) and its final TessFactors (SV_TessFactor,
 * SV_InsideTessFactor), tess_patch produces the domain points, each the SV_DomainLocation of one
 * domain-shader invocation, and the primitives connecting them as indices into the points.
 * Bit exact and deterministic: after the float clamps of 11.7.11 every step is 16.16 fixed
 * point (11.7.14), so the same factors give the same points and indices on every machine.
 * Self-contained: nothing here depends on the rest of softd3d.
 */
#ifndef SOFTD3D_PIPELINE_TESSELLATOR_H
#define SOFTD3D_PIPELINE_TESSELLATOR_H

#include <stdint.h>

/* The values are those of D3D11_TESSELLATOR_DOMAIN / _PARTITIONING / _OUTPUT_PRIMITIVE, which
 * are also the SM5 bytecode's encodings of the three declarations. */
enum tess_domain {
    TESS_DOMAIN_ISOLINE = 1,
    TESS_DOMAIN_TRI = 2,
    TESS_DOMAIN_QUAD = 3,
};

enum tess_partitioning {
    TESS_PARTITION_INTEGER = 1,
    TESS_PARTITION_POW2 = 2,
    TESS_PARTITION_FRACTIONAL_ODD = 3,
    TESS_PARTITION_FRACTIONAL_EVEN = 4,
};

enum tess_output_primitive {
    TESS_OUTPUT_POINT = 1,
    TESS_OUTPUT_LINE = 2,
    TESS_OUTPUT_TRIANGLE_CW = 3,
    TESS_OUTPUT_TRIANGLE_CCW = 4,
};

struct tess_config {
    enum tess_domain domain;
    enum tess_partitioning partitioning;
    enum tess_output_primitive primitive;
};

/* The most a patch can produce: a quad at TessFactor 64 everywhere has 65 x 65 points and
 * 2 x 64 x 64 triangles; an isoline patch at most 64 lines of 65 points. */
#define TESS_MAX_POINTS 4225u
#define TESS_MAX_INDICES (3u * 8192u)

/* One domain point: (u, v) for quad and isoline domains (w = 0), barycentric (u, v, w) with
 * w = 1 - u - v for the tri domain.  Every coordinate is a multiple of 2^-16 in [0, 1]. */
struct tess_point {
    float u, v, w;
};

/* The result of one patch.  indices holds index_count point indices: one per point primitive,
 * two per line, three per triangle (wound as the output primitive says, in the domain's
 * orientation of 11.5: V clockwise from U). */
struct tess_output {
    uint32_t point_count;
    uint32_t index_count;
    struct tess_point points[TESS_MAX_POINTS];
    uint32_t indices[TESS_MAX_INDICES];
};

enum tess_result {
    TESS_OK = 0,
    TESS_CULLED = 1,      /* an edge factor <= 0 or NaN (11.7.12): nothing produced */
    TESS_INVALID = -1,    /* a combination 11.7.15 does not allow (line output needs the isoline
                           * domain, triangles the tri or quad domain) or an unknown value */
};

/* Tessellates one patch into *out (counts 0 unless TESS_OK).  edge[] holds the SV_TessFactor
 * components: quad {U==0, V==0, U==1, V==1}, tri {U==0, V==0, W==0}, isoline {line density,
 * line detail} (10.10); inside[] the SV_InsideTessFactor ones: quad {U, V}, tri {inside},
 * isoline none (may be NULL there). */
enum tess_result tess_patch(const struct tess_config *config, const float *edge,
                            const float *inside, struct tess_output *out);

/* Whether the configuration is one tess_patch accepts (11.7.15's combinations). */
int tess_config_valid(const struct tess_config *config);

#endif
