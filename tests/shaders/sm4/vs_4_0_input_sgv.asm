// vs_4_0: system-generated inputs: the vertex and instance ids.
vs_4_0
dcl_input v0.xyzw
dcl_input_sgv v1.x, vertex_id
dcl_input_sgv v2.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_temps 1
iadd r0.x, v1.x, v2.x
utof r0.x, r0.x
add o0.xyzw, v0.xyzw, r0.xxxx
ret
