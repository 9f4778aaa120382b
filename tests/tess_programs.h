/* tests/tess_programs.h — the hull program the tessellation tests share (test_tess_draw.c
 * through the pipeline, test_d3d11_tess.c through the D3D11 API), in the SM4 assembler's text. */
#ifndef SOFTD3D_TESTS_TESS_PROGRAMS_H
#define SOFTD3D_TESTS_TESS_PROGRAMS_H

/* A quad patch of four control points, the TessFactors from cb0 (x: edges, by an instanced
 * fork phase and a relative o# index; y: inside, by a join phase). */
#define HS_QUAD_CP(partitioning, cps)                                                            \
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count " #cps    \
    "\ndcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning " partitioning "\n"     \
    "dcl_tessellator_output_primitive output_triangle_cw\n"                                    \
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
#define HS_QUAD(partitioning) HS_QUAD_CP(partitioning, 4)

#endif
