// ps_4_0: system-generated pixel inputs: is_front_face and primitive_id.
ps_4_0
dcl_input_ps_sgv constant v1.x, is_front_face
dcl_input_ps_sgv constant v1.y, primitive_id
dcl_output o0.xyzw
dcl_temps 1
movc r0.x, v1.x, l(1.000000), l(0.500000)
utof r0.y, v1.y
mov o0.xyzw, r0.xxxy
ret
