// ps_4_0: every interpolation mode of shader model 4.0 on dcl_input_ps.
ps_4_0
dcl_input_ps constant v1.x
dcl_input_ps linear v1.yz
dcl_input_ps linear centroid v2.xy
dcl_input_ps linear noperspective v2.zw
dcl_input_ps linear noperspective centroid v3.xyzw
dcl_output o0.xyzw
dcl_temps 1
add r0.xy, v2.xyxx, v2.zwzz
mad r0.xy, v1.yzyy, v1.xxxx, r0.xyxx
add o0.xyzw, v3.xyzw, r0.xyxy
ret
