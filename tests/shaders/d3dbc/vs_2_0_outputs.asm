// vs_2_0: the vs_2_0 outputs (same set as vs_1_1) with partial masks.
vs_2_0
dcl_position v0
dcl_color v1
dcl_color1 v2
dcl_texcoord v3
mov oPos, v0
mov oD0, v1
mov oD1.xyz, v2
mov oT0.xy, v3
mov oT7.zw, v3.xyxy
mov oFog, v3.w
mov oPts, c0.y
