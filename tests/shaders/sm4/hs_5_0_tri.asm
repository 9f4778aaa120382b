// hs_5_0: a tri patch of 3 control points — the control-point phase (a relative v[cp][0]),
// an instanced fork phase writing the edge TessFactors by a relative o# index and reading
// vocp, a join phase of two instances reading the fork phase's outputs as vpc.
hs_5_0
hs_decls
dcl_input_control_point_count 3
dcl_output_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_tessellator_partitioning partitioning_fractional_odd
dcl_tessellator_output_primitive output_triangle_ccw
dcl_hs_max_tessfactor l(32.000000)
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input v[3][0].xyzw
dcl_output o0.xyzw
dcl_temps 1
mov r0.x, vOutputControlPointID
mov o0.xyzw, v[r0.x + 0][0].xyzw
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 3
dcl_input vForkInstanceID
dcl_input vocp[3][0].xyzw
dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor
dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor
dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor
dcl_temps 1
dcl_indexRange o0.x 3
mov r0.x, vForkInstanceID
mov o[r0.x + 0].x, vocp[r0.x + 0][0].w
ret
hs_join_phase
dcl_hs_join_phase_instance_count 2
dcl_input vJoinInstanceID
dcl_input vPrim
dcl_input vpc0.x
dcl_input vpc1.x
dcl_output_siv o3.x, finalTriInsideTessFactor
dcl_output o4.x
dcl_temps 1
ieq r0.x, vJoinInstanceID, l(0)
if_nz r0.x
  add o3.x, vpc0.x, vpc1.x
else
  utof o4.x, vPrim
endif
ret
