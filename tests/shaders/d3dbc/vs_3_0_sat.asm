// vs_3_0: the _sat instruction modifier.
vs_3_0
dcl_position v0
dcl_color v1
dcl_position o0
dcl_color o1
mov o0, v0
mov_sat o1, v1
add_sat r0, v1, c0
mad_sat o1.xyz, r0, c1, c2
