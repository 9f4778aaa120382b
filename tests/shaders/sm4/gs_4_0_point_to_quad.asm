// gs_4_0: a point expanded to a quad (a 4-vertex triangle strip) of half-size cb0[0].xy.
gs_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_input_siv v[1][0].xyzw, position
dcl_input v[1][1].xyzw
dcl_temps 1
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 4
add r0.xy, v[0][0].xyxx, -cb0[0].xyxx
mov o0.xy, r0.xyxx
mov o0.zw, v[0][0].zzzw
mov o1.xyzw, v[0][1].xyzw
emit
add r0.x, v[0][0].x, cb0[0].x
mov o0.x, r0.x
add o0.y, v[0][0].y, -cb0[0].y
mov o0.zw, v[0][0].zzzw
mov o1.xyzw, v[0][1].xyzw
emit
add o0.x, v[0][0].x, -cb0[0].x
add o0.y, v[0][0].y, cb0[0].y
mov o0.zw, v[0][0].zzzw
mov o1.xyzw, v[0][1].xyzw
emit
add o0.xy, v[0][0].xyxx, cb0[0].xyxx
mov o0.zw, v[0][0].zzzw
mov o1.xyzw, v[0][1].xyzw
emit
ret
