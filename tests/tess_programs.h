/* tests/tess_programs.h — the hull and domain programs the tessellation tests share (test_tess_draw.c
 * through the pipeline, test_d3d11_tess.c through the D3D11 API), in the SM4 assembler's text. */
#ifndef SOFTD3D_TESTS_TESS_PROGRAMS_H
#define SOFTD3D_TESTS_TESS_PROGRAMS_H

/* A quad patch of four control points, the TessFactors from cb0 (x: edges, by an instanced
 * fork phase and a relative o# index; y: inside, by a join phase). */
#define HS_QUAD_PRIM(partitioning, cps, primitive)                                               \
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count " #cps    \
    "\ndcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning " partitioning "\n"     \
    "dcl_tessellator_output_primitive " primitive "\n"                                          \
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[4][0].xyzw\n"         \
    "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"                        \
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\n"                                                  \
    "hs_fork_phase\ndcl_hs_fork_phase_instance_count 4\ndcl_input vForkInstanceID\n"            \
    "dcl_constantbuffer cb0[1], immediateIndexed\n"                                            \
    "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"                                        \
    "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"                                        \
    "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"                                        \
    "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"                                        \
    "dcl_temps 1\ndcl_indexRange o0.x 4\nmov r0.x, vForkInstanceID\n"                           \
    "mov o[r0.x + 0].x, cb0[0].x\nret\n"                                                       \
    "hs_join_phase\ndcl_constantbuffer cb0[1], immediateIndexed\n"                             \
    "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"                                         \
    "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n"                                         \
    "mov o4.x, cb0[0].y\nmov o5.x, cb0[0].y\nret\n"
#define HS_QUAD_CP(partitioning, cps) HS_QUAD_PRIM(partitioning, cps, "output_triangle_cw")
#define HS_QUAD(partitioning) HS_QUAD_CP(partitioning, 4)

/* Isolines (11.6) of two control points, no control-point phase (they pass through, 10.6):
 * detail cb0.x, density cb0.y; the domain program puts the point at cp0 + (cp1 - cp0) (u, v). */
#define HS_ISOLINE                                                                              \
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 2\ndcl_output_control_point_count 2\n"     \
    "dcl_tessellator_domain domain_isoline\ndcl_tessellator_partitioning partitioning_integer\n" \
    "dcl_tessellator_output_primitive output_line\n"                                            \
    "hs_fork_phase\ndcl_constantbuffer cb0[1], immediateIndexed\n"                             \
    "dcl_output_siv o0.x, finalLineDetailTessFactor\n"                                          \
    "dcl_output_siv o1.x, finalLineDensityTessFactor\n"                                         \
    "mov o0.x, cb0[0].x\nmov o1.x, cb0[0].y\nret\n"
#define DS_ISOLINE                                                                              \
    "ds_5_0\ndcl_input_control_point_count 2\ndcl_tessellator_domain domain_isoline\n"          \
    "dcl_input vDomain.xy\ndcl_input vicp[2][0].xyzw\ndcl_output_siv o0.xyzw, position\n"       \
    "dcl_temps 1\nadd r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"                             \
    "mul r0.xyzw, r0.xyzw, vDomain.xyxx\nadd o0.xy, r0.xyxx, vicp[0][0].xyxx\n"                 \
    "mov o0.zw, vicp[0][0].zzzw\nret\n"

#endif
