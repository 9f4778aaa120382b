// vs_3_0: twelve declared outputs with usages, indices and masks.
vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_position o0
dcl_color o1
dcl_color1 o2.xyz
dcl_texcoord o3.xy
dcl_texcoord1 o3.zw
dcl_texcoord7 o4
dcl_normal o5
dcl_tangent o6
dcl_binormal o7
dcl_blendweight o8
dcl_fog o9.x
dcl_psize o10.x
dcl_depth o11
mov o0, v0
mov o1, v1
mov o2.xyz, v1
mov o3.xy, v1
mov o3.zw, v1.xyxy
mov o4, v1
mov o5, v1
mov o6, v1
mov o7, v1
mov o8, v1
mov o9.x, v1.x
mov o10.x, v1.y
mov o11, v1
