// vs_4_1: a shader model 4.1 vertex shader.
vs_4_1
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
mov o0.xyzw, v0.xyzw
ret
