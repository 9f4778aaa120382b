// hs_5_0: a quad patch of 4 control points read with immediate indices only (the JIT
// generates them: tests/test_jit.c) — the control-point phase reading v[cp][reg],
// vOutputControlPointID and vPrim, a fork phase reading vocp, a join phase reading vpc.
hs_5_0
hs_decls
dcl_input_control_point_count 4
dcl_output_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(64.000000)
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input vPrim
dcl_input v[4][0].xyzw
dcl_input v[4][1].xy
dcl_output o0.xyzw
dcl_output o1.xy
dcl_temps 2
utof r0.x, vOutputControlPointID
mad o0.xyzw, v[0][0].xyzw, r0.xxxx, v[3][0].wzyx
utof r1.x, vPrim
add o1.xy, v[2][1].xyxx, r1.xxxx
ret
hs_fork_phase
dcl_input vocp[4][0].xyzw
dcl_input vocp[4][1].xy
dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor
dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor
dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor
dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor
dcl_temps 1
add r0.x, vocp[0][0].w, vocp[3][1].y
max o0.x, r0.x, l(1.000000)
mul o1.x, vocp[1][0].x, l(2.000000)
mov o2.x, vocp[2][0].y
mov o3.x, vocp[3][0].z
ret
hs_join_phase
dcl_input vpc0.x
dcl_input vpc1.x
dcl_input vpc2.x
dcl_input vpc3.x
dcl_output_siv o4.x, finalQuadUInsideTessFactor
dcl_output_siv o5.x, finalQuadVInsideTessFactor
min o4.x, vpc0.x, vpc2.x
max o5.x, vpc1.x, vpc3.x
ret
