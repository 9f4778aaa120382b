// vs_4_0: a buffer resource read with ld, indexed by the vertex id.
vs_4_0
dcl_resource_buffer (float,float,float,float) t0
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
ld o0.xyzw, v0.xxxx, t0.xyzw
ret
