// ps_5_0: pull-model evaluation (eval_snapped, eval_sample_index, eval_centroid) of linear,
// noperspective and constant inputs, and of v[r0.x + 1] inside an index range.
ps_5_0
dcl_input_ps linear v0.xy
dcl_input_ps linear centroid v1.xyzw
dcl_input_ps linear centroid v2.xyzw
dcl_input_ps linear noperspective v3.xy
dcl_input_ps constant v4.x
dcl_output o0.xyzw
dcl_indexRange v1.xyzw 2
dcl_temps 2
eval_snapped r0.xy, v0.xyxx, l(-8, 7, 0, 0)
eval_sample_index r0.zw, v3.xxxy, l(3)
ftou r1.x, v4.x
eval_centroid r1.yz, v[r1.x + 1].xxyx
eval_snapped r1.w, v4.x, r1.xxxx
add r0.xy, r0.xyxx, r1.yzyy
add o0.xyzw, r0.xyzw, r1.wwww
ret
